/**
 * The layer rules of eslint.config.js (ADR 233) fail on a deliberate violation and pass on the
 * allowed form of the same import. Run with the lint step of `npm test` (`node --test tests/node`):
 * ESLint's Node API needs Node, not workerd. The fixtures are strings linted as if they sat at the
 * given path; no file is written. `teamsx` is a feature folder that does not exist: the rules are
 * generic over app/features/*.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ESLint } from "eslint";

const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });

/** The no-restricted-imports messages ESLint reports for `code` at `filePath`. */
async function layerErrors(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

const cases = [
  {
    name: "a pure rule imports no server module",
    filePath: "app/features/teamsx/team-rules.ts",
    bad: 'import { sendMail } from "#app/features/mail/mail.server";\nexport const f = sendMail;\n',
    good: 'import { percent } from "#app/lib/percent";\nexport const f = percent;\n',
    says: "Pure rules",
  },
  {
    name: "a pure rule imports not even a server module's types",
    filePath: "app/features/teamsx/team-rules.ts",
    bad: 'import type { AppDb } from "#app/platform/db/db.server";\nexport type T = AppDb;\n',
    good: 'import type { Goal } from "#app/features/goals/goals";\nexport type T = Goal;\n',
    says: "Pure rules",
  },
  {
    name: "a component imports a server module for its types only",
    filePath: "app/features/teamsx/TeamBoard.tsx",
    bad: 'import { loadTeams } from "#app/features/teams/teams.server";\nexport const f = loadTeams;\n',
    good: 'import type { loadTeams } from "#app/features/teams/teams.server";\nexport type T = typeof loadTeams;\n',
    says: "Components",
  },
  {
    name: "a feature reaches another only through its top-level modules",
    filePath: "app/features/teamsx/teams.server.ts",
    bad: 'import { x } from "#app/features/goals/internal/x";\nexport const f = x;\n',
    good: 'import { x } from "#app/features/goals/goals.server";\nexport const f = x;\n',
    says: "private",
  },
  {
    name: "a feature's relative imports stay inside it",
    filePath: "app/features/teamsx/teams.server.ts",
    bad: 'import { x } from "../goals/goals.server";\nexport const f = x;\n',
    good: 'import { x } from "./team-rules";\nexport const f = x;\n',
    says: "relative path",
  },
  {
    name: "a route cannot reach into a feature's private folder either",
    filePath: "app/routes/teamsx.tsx",
    bad: 'import { x } from "#app/features/teamsx/parts/x.server";\nexport const f = x;\n',
    good: 'import { x } from "#app/features/teamsx/teams.server";\nexport const f = x;\n',
    says: "private",
  },
  {
    name: "app/lib imports no feature",
    filePath: "app/lib/teamsx.ts",
    bad: 'import { x } from "#app/features/goals/goals";\nexport const f = x;\n',
    good: 'import { percent } from "./percent";\nexport const f = percent;\n',
    says: "floor",
  },
];

for (const { name, filePath, bad, good, says } of cases) {
  test(name, async () => {
    const refused = await layerErrors(filePath, bad);
    assert.equal(refused.length, 1, `expected one layer error for ${filePath}:\n${bad}`);
    assert.match(refused[0], new RegExp(says));
    assert.deepEqual(await layerErrors(filePath, good), [], `the allowed form should pass:\n${good}`);
  });
}
