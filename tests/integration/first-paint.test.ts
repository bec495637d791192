/**
 * What the first paint waits on is asked for first (ADR 236): in each page's head, every style sheet
 * comes before the first script preload. React hoists the ~40 preloads of a member's screen into the head;
 * as plain links the style sheets came after all of them, and a phone's few connections fetched the
 * scripts first.
 */
import { describe, expect, it } from "vitest";
import { signedInUser } from "../support/factories";
import { get } from "../support/http";
import { insertMeasuredGoal } from "../support/progress";

function headOrder(html: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  const sheets = [...head.matchAll(/<link rel="stylesheet"/g)].map((m) => m.index);
  const firstPreload = head.indexOf('<link rel="modulepreload"');
  return { sheets: sheets.length, lastSheet: Math.max(...sheets), firstPreload };
}

describe("first paint", () => {
  it("a member's home, a goal's screen and sign-in list their style sheets before their scripts", async () => {
    const org = await signedInUser({ type: "org" });
    const goal = await insertMeasuredGoal({ orgId: org.id });
    const member = await signedInUser({ join: [goal.id] });
    for (const [path, cookie] of [
      ["/main", member.cookie],
      [`/active/${goal.id}`, member.cookie],
      ["/signin", undefined],
    ] as const) {
      const response = await get(path, cookie);
      expect(response.status, path).toBe(200);
      const order = headOrder(await response.text());
      expect(order.sheets, path).toBeGreaterThan(1);
      expect(order.firstPreload, path).toBeGreaterThan(0);
      expect(order.lastSheet, path).toBeLessThan(order.firstPreload);
    }
  });
});
