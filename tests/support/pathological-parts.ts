/**
 * Pathological values in every text field (ADR 101): runs of the characters the checks
 * repeat on and values of about 1 MB, each a 4xx with nothing written. Before the fix a crafted e-mail
 * or markup value of this size kept the isolate busy for minutes; speed itself is measured by
 * bench/pathological, not here. The table is tests/support/pathological.mjs.
 *
 * The forms are dealt round-robin over PATHOLOGICAL_PARTS files (tests/integration/
 * bad-input-pathological-{part}.test.ts): a test file's requests slow each other down under the test
 * harness, so fewer per file run faster (tests/support/bad-input-parts.ts).
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { diff, SCALE, snapshot } from "./bad-input-forms";
import { insertGoal } from "./goals";
import { BASE, honeypotFields, setType, signUpUser, userId } from "./http";
import { pathologicalCases, TEXT_FORMS } from "./pathological.mjs";

export const PATHOLOGICAL_PARTS = 3;

const fx: Record<string, string> = {};
let admin = "";

async function setUp() {
  const user = await signUpUser({ first: "Adele" });
  await setType(user.email, "admin");
  admin = user.cookie;
  fx.targetUserId = await userId((await signUpUser()).email);
  fx.pledgeGoal = (await insertGoal()).id;
  fx.measuredGoal = (await insertGoal()).id;
  await env.DB.prepare("UPDATE goals SET unit = 'km', unit_target = 10000 WHERE id = ?").bind(fx.measuredGoal).run();
  const joined = await SELF.fetch(`${BASE}/join/${fx.measuredGoal}`, {
    method: "POST",
    headers: { Origin: BASE, Host: "localhost", Cookie: admin, "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  expect(joined.status).toBe(302);
  // The personal friend link is made on the first visit to /friends (ADR 182), not by a refused invite.
  const friends = await SELF.fetch(`${BASE}/friends`, { headers: { Host: "localhost", Cookie: admin } });
  await friends.arrayBuffer();
  expect(friends.status).toBe(200);
  await env.DB.prepare(
    "UPDATE goals SET charity_name = 'Shelter', charity_url = 'https://shelter.example.org/donate', target_amount = 100000, currency = 'GBP', unit = 'km' WHERE id = ?",
  )
    .bind(fx.pledgeGoal)
    .run();
}

/**
 * Every run just over each field's maximum, and a rotating share at ~1 MB (each a few tenths of a second
 * on a busy machine): CI (BAD_INPUT_SCALE=1) sends 1 MB values for every 7th run of each field, so every
 * run reaches ~1 MB on several fields; a local run every 14th, and a quarter of the short ones.
 */
const OPTIONS =
  SCALE >= 1 ? { fullSizeEvery: 5, overEvery: 1 } : { fullSizeEvery: 14, overEvery: Math.round(1 / SCALE) };

/** Declares the tests of one part file: its share of the text forms. */
export function pathologicalPart(part: number) {
  beforeAll(setUp, 60_000);
  const forms = TEXT_FORMS.filter((_, i) => i % PATHOLOGICAL_PARTS === part);
  describe.each(forms)("pathological input: $form", (form) => {
    it("refuses every pathological value of every text field with a 4xx and writes nothing", async () => {
      if (form.mode) await env.DB.prepare("UPDATE settings SET early_access = ?").bind(form.mode).run();
      const honeypot = form.honeypot ? await honeypotFields() : {};
      const cases = [...pathologicalCases([form], OPTIONS)];
      const before = await snapshot();
      const failures: string[] = [];
      for (let start = 0; start < cases.length; start += 4) {
        await Promise.all(
          cases.slice(start, start + 4).map(async (c) => {
            const body = new URLSearchParams({ ...honeypot, ...form.valid(fx), [c.field]: c.value });
            const response = await SELF.fetch(BASE + form.path(fx), {
              method: "POST",
              body: body.toString(),
              headers: {
                "Content-Type": "application/x-www-form-urlencoded",
                Origin: BASE,
                Host: "localhost",
                ...(form.as === "admin" ? { Cookie: admin } : {}),
              },
              redirect: "manual",
            });
            await response.arrayBuffer();
            if (response.status < 400 || response.status >= 500)
              failures.push(`${c.field}: ${c.run} (${c.size}) -> ${response.status}`);
          }),
        );
      }
      expect(failures).toEqual([]);
      expect(diff(before, await snapshot()), "tables changed").toEqual([]);
      if (form.mode) await env.DB.prepare("UPDATE settings SET early_access = 'open'").run();
    }, 600_000);
  });
}
