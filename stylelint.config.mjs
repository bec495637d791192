/**
 * One set of design tokens (docs/design.md, ADR 250): colours, type sizes and radii are written only in
 * app/styles/tokens.css; every other stylesheet names a token, so a new screen cannot drift.
 */
const tokenOnly = "use a token from app/styles/tokens.css (docs/design.md)";

export default {
  rules: {
    "color-no-hex": [true, { message: `Raw colour: ${tokenOnly}` }],
    "color-named": ["never", { message: `Named colour: ${tokenOnly}` }],
    "function-disallowed-list": [["rgb", "rgba", "hsl", "hsla"], { message: `Raw colour: ${tokenOnly}` }],
    "declaration-property-value-allowed-list": [
      {
        "font-size": ["/^var\\(--text-[a-z0-9-]+\\)$/", "inherit", "100%"],
        "border-radius": ["/^((var\\(--radius(-[a-z]+)?\\)|50%|0|inherit)\\s*)+$/"],
      },
      { message: `Raw size: ${tokenOnly}` },
    ],
  },
  overrides: [
    {
      files: ["app/styles/tokens.css"],
      rules: {
        "color-no-hex": null,
        "color-named": null,
        "function-disallowed-list": null,
        "declaration-property-value-allowed-list": null,
      },
    },
  ],
};
