import { describe, expect, it } from "vitest";
import { devDateCookie, today } from "#app/platform/session/clock.server";
import { requireDevelopment } from "#app/platform/http/env.server";

const env = (ENVIRONMENT: string) => ({ ENVIRONMENT }) as Env;
function withCookie(value: string) {
  const cookie = devDateCookie(value).split(";")[0]!;
  return new Request("http://localhost/", { headers: { Cookie: `other=1; ${cookie}` } });
}

describe("today", () => {
  it("is the UTC day of now without an override", async () => {
    const now = new Date("2026-03-01T23:59:59Z");
    expect(today(new Request("http://localhost/"), env("development"), now)).toBe("2026-03-01");
  });

  it("honours the /dev/date cookie in development only", async () => {
    const request = withCookie("2030-01-15");
    const now = new Date("2026-03-01T12:00:00Z");
    expect(today(request, env("development"), now)).toBe("2030-01-15");
    expect(today(request, env("production"), now)).toBe("2026-03-01");
  });

  it("ignores a cookie that is not a real date", async () => {
    const now = new Date("2026-03-01T12:00:00Z");
    expect(today(withCookie("2030-02-30"), env("development"), now)).toBe("2026-03-01");
  });
});

describe("development-only screens", () => {
  it("answer 404 outside development", () => {
    const context = (ENVIRONMENT: string) => ({ cloudflare: { env: env(ENVIRONMENT) } }) as any;
    let thrown: unknown;
    try {
      requireDevelopment(context("production"));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
    expect(() => requireDevelopment(context("development"))).not.toThrow();
  });
});
