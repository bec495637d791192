/**
 * One error boundary with a page per status (ADR 277): a thrown 404 is SPEC's page-not-found screen, 403
 * the friendly refusal, 429 the throttles' words, anything else "Something went wrong"; a goal page keeps
 * its own 403 ("This goal is private") and the root's other pages. Each is the status's own HTTP status.
 */
import { describe, expect, it } from "vitest";
import { get } from "../support/http";
import { insertGoal } from "../support/goals";

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

describe("the one error boundary", () => {
  it("draws a page per status, keeping SPEC's words", async () => {
    const notFound = await get("/dev/error?status=404");
    expect(notFound.status).toBe(404);
    const notFoundPage = await text(notFound);
    expect(notFoundPage).toContain("<h1>404</h1>");
    expect(notFoundPage).toContain("Page not found");
    expect(notFoundPage).toContain("Back to the main page or contact support.");

    const forbidden = await get("/dev/error?status=403");
    expect(forbidden.status).toBe(403);
    expect(await text(forbidden)).toContain("This page is not available to your account");

    const tooMany = await get("/dev/error?status=429");
    expect(tooMany.status).toBe(429);
    const tooManyPage = await text(tooMany);
    expect(tooManyPage).toContain("<h1>429</h1>");
    expect(tooManyPage).toContain("Too Many Requests Try Again Later");

    const unavailable = await get("/dev/error?status=503");
    expect(unavailable.status).toBe(503);
    expect(await text(unavailable)).toContain("Something went wrong");

    const failed = await get("/dev/error");
    expect(failed.status).toBe(500);
    expect(await text(failed)).toContain("We could not load this page. Your data is safe; please try again.");
  });

  it("a goal page swaps only its 403, and an unknown route is the 404 screen", async () => {
    const goal = await insertGoal({ visibility: "private" });
    const privateGoal = await get(`/give/${goal.id}`);
    expect(privateGoal.status).toBe(403);
    expect(await text(privateGoal)).toContain("This goal is private");
    const missing = await get("/give/no-such-goal");
    expect(missing.status).toBe(404);
    expect(await text(missing)).toContain("Page not found");
    const unknown = await get("/no/such/page");
    expect(unknown.status).toBe(404);
    expect(await text(unknown)).toContain("Back to the main page or contact support.");
  });
});
