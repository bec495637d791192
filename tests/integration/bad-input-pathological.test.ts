/**
 * Pathological values in every text field (issue 13, ADR 101): runs of the characters the checks
 * repeat on and values of about 1 MB, each a 4xx with nothing written. Before the fix a crafted e-mail
 * or markup value of this size kept the isolate busy for minutes; speed itself is measured by
 * bench/pathological, not here. The table is tests/support/pathological.mjs.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { diff, SCALE, snapshot } from "../support/bad-input-forms";
import { insertGoal } from "../support/goals";
import { BASE, honeypotFields, setType, signUpUser, userId } from "../support/http";
import { pathologicalCases, TEXT_FORMS } from "../support/pathological.mjs";

const fx: Record<string, string> = {};
let admin = "";

beforeAll(async () => {
  const user = await signUpUser({ first: "Adele" });
  await setType(user.email, "admin");
  admin = user.cookie;
  fx.targetUserId = await userId((await signUpUser()).email);
  fx.pledgeGoal = (await insertGoal()).id;
  await env.DB.prepare(
    "UPDATE goals SET charity_name = 'Shelter', charity_url = 'https://shelter.example.org/donate', target_amount = 100000, currency = 'GBP' WHERE id = ?",
  )
    .bind(fx.pledgeGoal)
    .run();
}, 60_000);

/**
 * Every run just over each field's maximum, and a rotating share at ~1 MB (each a few tenths of a second
 * on a busy machine): CI (BAD_INPUT_SCALE=1) sends 1 MB values for every 7th run of each field, so every
 * run reaches ~1 MB on several fields; a local run every 14th, and a quarter of the short ones.
 */
const OPTIONS =
  SCALE >= 1 ? { fullSizeEvery: 5, overEvery: 1 } : { fullSizeEvery: 14, overEvery: Math.round(1 / SCALE) };

describe.each(TEXT_FORMS)("pathological input: $form", (form) => {
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
