/** The command line of a bench script: `--name value` options and bare `--flag`s. */
const argv = process.argv.slice(2);

/** The value after `name` (e.g. "--rounds"), or `fallback` when it is not given. */
export function option(name, fallback) {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
}

/** Whether `name` (e.g. "--quick") is on the command line. */
export const flag = (name) => argv.includes(name);
