// One lint configuration for the app, its tests, scripts and benches (flat config, ESLint 9).
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The layers (ADR 233), generic over app/features/*: a new feature folder is covered without a change here.
 * - A feature's public entry is its top-level modules; a folder inside a feature is private to it. So
 *   nobody imports `#app/features/<x>/<folder>/...`, and a feature's relative imports stay inside it
 *   (another feature is reached by `#app/features/<x>/<module>`).
 * - Pure rules and schemas (app/lib, a feature's `*.ts` that is not `*.server.ts`) import no server module
 *   (`*.server`, app/platform), not even its types: they run in the browser and in unit tests as they are.
 * - Components (`*.tsx` outside app/routes) import server modules for their types only.
 * - app/lib is the floor: it imports no feature and no platform module.
 * tests/node/layers.test.mjs proves each rule fails on a deliberate violation.
 */
const PRIVATE_FEATURE_FOLDER = {
  regex: "^#app/features/[^/]+/[^/]+/",
  message: "A folder inside a feature is private to it: import the feature's top-level module (ADR 233).",
};
const SERVER_MODULE = {
  regex: "(\\.server$|^#app/platform/)",
  message: "Pure rules, schemas and hooks import no server module, not even its types (ADR 233).",
};
const SERVER_MODULE_VALUE = {
  regex: "(\\.server$|^#app/platform/)",
  allowTypeImports: true,
  message: "Components import server modules for their types only (ADR 233).",
};
const LEAVES_THE_FEATURE = {
  regex: "^\\.\\./",
  message: "Reach another feature or layer by its #app/ path, not a relative path out of the feature (ADR 233).",
};
const FLOOR = {
  regex: "^#app/(features|platform|routes)/",
  message: "app/lib is the floor: it imports no feature, platform or route module (ADR 233).",
};
const layer = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns }] },
});

export default tseslint.config(
  {
    ignores: [
      "build/",
      "worker-configuration.d.ts",
      "public/build/",
      "public/sw.js",
      "**/.wrangler/",
      ".cache/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "bench/results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
    rules: {
      // The two classic hook rules; the React Compiler rules of react-hooks 7 assume the compiler.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Input rules strip control characters on purpose (the *.schema.ts files).
      "no-control-regex": "off",
    },
  },
  // The layers (ADR 233): each file matches one of these, so each gets its whole list of patterns.
  layer(["app/**/*.{ts,tsx}"], [PRIVATE_FEATURE_FOLDER]),
  layer(["app/features/*/*.ts"], [PRIVATE_FEATURE_FOLDER, SERVER_MODULE, LEAVES_THE_FEATURE], ["**/*.server.ts"]),
  layer(["app/features/*/*.server.ts"], [PRIVATE_FEATURE_FOLDER, LEAVES_THE_FEATURE]),
  layer(["app/features/**/*.tsx"], [PRIVATE_FEATURE_FOLDER, SERVER_MODULE_VALUE, LEAVES_THE_FEATURE]),
  layer(["app/components/**/*.tsx"], [PRIVATE_FEATURE_FOLDER, SERVER_MODULE_VALUE]),
  layer(["app/lib/**/*.ts"], [PRIVATE_FEATURE_FOLDER, SERVER_MODULE, FLOOR]),
  {
    // Tests poke at loader data and raw responses: `any` and bare expressions are their business.
    files: ["tests/**", "bench/**"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-expressions": "off",
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
