/** Small array helpers, pure and isomorphic. */

/** `items` in lists of at most `size`, in order (D1 binds at most 100 parameters a statement). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
