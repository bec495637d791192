/** Screens titled through screenMeta render the same <title> and description they had (app/lib/meta.ts). */
import { describe, expect, it } from "vitest";
import { get, signUpUser } from "../support/http";

describe("screen titles", () => {
  it("the home and the profile keep their titles and descriptions; a development screen stays noindex", async () => {
    const { cookie } = await signUpUser();
    const home = await (await get("/main", cookie)).text();
    expect(home).toContain("<title>Home | Goals with Friends</title>");
    expect(home).toContain('<meta name="description" content="Your goals and suggested goals."/>');
    const profile = await (await get("/profile", cookie)).text();
    expect(profile).toContain("<title>Profile | Goals with Friends</title>");
    const date = await (await get("/dev/date", cookie)).text();
    expect(date).toContain("<title>Developer date | Goals with Friends</title>");
    expect(date).toContain('<meta name="robots" content="noindex"/>');
  });
});
