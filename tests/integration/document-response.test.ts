/**
 * A page leaves as one body, rendered to the end (ADR 208), with nothing moved by hand: React 19 puts
 * `</body></html>` after Remix's data scripts itself (the Nu HTML checker run in
 * tests/e2e/valid-html.spec.ts checks the whole document).
 */
import { describe, expect, it } from "vitest";
import { get } from "../support/http";
import { signedInUser } from "../support/factories";

async function expectWhole(response: Response, label: string) {
  expect(response.status, label).toBe(200);
  const html = await response.text();
  expect(html.endsWith("</body></html>"), label).toBe(true);
  expect(html.indexOf("</body>"), label).toBe(html.length - "</body></html>".length);
  return html;
}

describe("documents", () => {
  it("end with the closing tags, the data scripts inside the body", async () => {
    const signin = await expectWhole(await get("/signin"), "/signin");
    expect(signin).toContain("<script");
    const { cookie } = await signedInUser({ first: "Whole" });
    const main = await expectWhole(await get("/main", cookie), "/main");
    expect(main.lastIndexOf("<script")).toBeLessThan(main.indexOf("</body>"));
  });
});
