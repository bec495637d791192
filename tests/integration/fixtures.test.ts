/**
 * The test fixtures themselves: factory users are real users (the precomputed hash signs in through
 * /signin), a factory session opens the member screens, and the e2e fixtures' route (POST /dev/users)
 * works in development and does not exist in production.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "#drizzle/factories";
import { createGoal, createUser, join, signedInUser } from "../support/factories";
import { activeGoalCounts } from "../support/goals";
import { BASE, count, get, postForm } from "../support/http";
import { worker } from "../support/worker";

type WorkerRequest = Parameters<typeof worker.fetch>[0];

const devUsers = (body: URLSearchParams): WorkerRequest =>
  new Request(`${BASE}/dev/users`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE, Host: "localhost" },
  }) as WorkerRequest;

describe("factories", () => {
  it("a factory user signs in with the test password through the real form", async () => {
    const user = await createUser({ first: "Fay" });
    const response = await postForm("/signin", { email: user.email, password: TEST_PASSWORD });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/main");
  });

  it("a factory session opens /main as that user, and join keeps activegoals right", async () => {
    const { cookie, id } = await signedInUser({ first: "Quinn" });
    const goal = await createGoal({ cause: "Factory goal" });
    await join(id, goal.id);
    expect(await activeGoalCounts(id)).toEqual({ stored: 1, actual: 1 });
    const page = await get("/main", cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Quinn");
    expect(html).toContain("Factory goal");
  });
});

describe("POST /dev/users (the e2e fixtures' sign-in)", () => {
  it("creates a signed-in user of the asked type with the goals it pursues, in development", async () => {
    const goal = await createGoal({ cause: "Fixture goal" });
    const body = new URLSearchParams({ first: "Olga", type: "org" });
    body.append("join", goal.id);
    const ctx = createExecutionContext();
    const response = await worker.fetch(devUsers(body), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(200);
    const user = (await response.json()) as { id: string; type: string; cookie: { name: string; value: string } };
    expect(user.type).toBe("org");
    expect(await activeGoalCounts(user.id)).toEqual({ stored: 1, actual: 1 });
    const create = await get("/create", `${user.cookie.name}=${user.cookie.value}`);
    expect(create.status).toBe(200); // only orgs and admins may create goals
  });

  it("refuses a bad type with a 400 and writes nothing", async () => {
    const before = await count("users");
    const response = await worker.fetch(
      devUsers(new URLSearchParams({ type: "superadmin" })),
      env,
      createExecutionContext(),
    );
    expect(response.status).toBe(400);
    expect(await count("users")).toBe(before);
  });

  it("does not exist in production: 404, no user, no session", async () => {
    const [users, sessions] = [await count("users"), await count("sessions")];
    // Production with secrets it accepts (ADR 110: short ones stop every request with a 500 first).
    const secret = (name: string) => `${name}-for-a-production-of-this-test-0123456789`;
    const production = {
      ...env,
      ENVIRONMENT: "production",
      SESSION_SECRET: secret("session"),
      SESSION_SECRET_PREVIOUS: secret("previous"),
      HONEYPOT_SEED: secret("seed"),
      // The tests' VAPID key is the development one, refused in production (ADR 281).
      VAPID_PRIVATE_KEY: secret("vapid"),
    } as Env;
    const response = await worker.fetch(
      devUsers(new URLSearchParams({ type: "admin" })),
      production,
      createExecutionContext(),
    );
    expect(response.status).toBe(404);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect([await count("users"), await count("sessions")]).toEqual([users, sessions]);
    const get404 = await worker.fetch(
      new Request(`${BASE}/dev/users`) as WorkerRequest,
      production,
      createExecutionContext(),
    );
    expect(get404.status).toBe(404);
  });
});
