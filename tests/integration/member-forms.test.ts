import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, count, get, post, setType } from "../support/http";
import { dayFromToday, insertGoal, userByEmail } from "../support/goals";
import { signedInUser } from "../support/factories";
import { GPS_JPEG, GPS_PNG, GPS_TAG, METADATA_TEXT } from "../fixtures/gps-images";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);

function multipart(path: string, cookie: string, fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return SELF.fetch(BASE + path, {
    method: "POST",
    body,
    headers: { Cookie: cookie, Origin: BASE, Host: "localhost" },
    redirect: "manual",
  });
}

async function r2Count() {
  return (await env.IMAGES.list()).objects.length;
}

const profile = { first: "Robin", last: "Hood", color: "#be123c" };

describe("profile", () => {
  it("saves first, last, colour and a PNG picture, served back with its content type", async () => {
    const { cookie, email } = await signedInUser();
    const response = await multipart("/profile", cookie, {
      ...profile,
      picture: new File([PNG], "me.png", { type: "image/png" }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile");
    const user = await userByEmail(email);
    expect(user).toMatchObject({ first: "Robin", last: "Hood", color: "#be123c" });
    // A random key: nothing in the picture's address says whose it is (ADR 109).
    expect(user.img).toMatch(/^avatars\/[a-f0-9]{32}\.png$/);
    expect(user.img).not.toContain(user.id);

    const image = await get(`/images/${user.img}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(image.headers.get("Cache-Control")).toContain("immutable");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    const again = await SELF.fetch(`${BASE}/images/${user.img}`, {
      headers: { "If-None-Match": image.headers.get("ETag")! },
    });
    expect(again.status).toBe(304);

    // The header shows the picture ringed in the chosen colour.
    const html = await (await get("/main", cookie)).text();
    expect(html).toContain(`/images/${user.img}`);
    expect(html).toContain("--ring:#be123c");
  });

  it("replaces a picture with a JPEG named .jpeg and removes the old one", async () => {
    const { cookie, email } = await signedInUser();
    await multipart("/profile", cookie, { ...profile, picture: new File([PNG], "a.png") });
    const first = (await userByEmail(email)).img;
    await multipart("/profile", cookie, { ...profile, picture: new File([JPEG], "b.jpeg") });
    const second = (await userByEmail(email)).img;
    expect(second).toMatch(/\.jpg$/);
    expect((await get(`/images/${second}`)).headers.get("Content-Type")).toBe("image/jpeg");
    expect((await get(`/images/${first}`)).status).toBe(404);
  });

  it("a phone photo's EXIF (GPS, camera, a name) and comments are gone from the stored picture; a PNG's text chunks too", async () => {
    const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);
    for (const [file, extra] of [
      [new File([GPS_JPEG], "holiday.jpg", { type: "image/jpeg" }), ["Exif", "Taken at"]],
      [new File([GPS_PNG], "holiday.png", { type: "image/png" }), ["52.52 N", "Taken at"]],
    ] as const) {
      const { cookie, email } = await signedInUser();
      const response = await multipart("/profile", cookie, { ...profile, picture: file });
      expect(response.status, file.name).toBe(302);
      const { img } = await userByEmail(email);
      const image = await get(`/images/${img}`);
      expect(image.status).toBe(200);
      const served = latin1(new Uint8Array(await image.arrayBuffer()));
      for (const text of [...METADATA_TEXT, GPS_TAG, ...extra])
        expect(served, `${file.name}: ${text}`).not.toContain(text);
      // Still the same kind of image: the signature and the end marker are where they were.
      if (file.type === "image/jpeg") expect([served.slice(0, 2), served.slice(-2)]).toEqual(["\xff\xd8", "\xff\xd9"]);
      else expect(served.slice(1, 4) + served.slice(-8, -4)).toBe("PNGIEND");
    }
  });

  it("a picture stored under the old key with the member's id is still served, and removed when replaced", async () => {
    const { cookie, email } = await signedInUser();
    const { id } = await userByEmail(email);
    const old = `avatars/${id}/0123456789abcdef0123456789abcdef.png`;
    await env.IMAGES.put(old, PNG, { httpMetadata: { contentType: "image/png" } });
    await env.DB.prepare("UPDATE users SET img = ? WHERE id = ?").bind(old, id).run();
    expect((await get(`/images/${old}`)).status).toBe(200);
    await multipart("/profile", cookie, { ...profile, picture: new File([PNG], "new.png") });
    expect((await userByEmail(email)).img).toMatch(/^avatars\/[a-f0-9]{32}\.png$/);
    expect((await get(`/images/${old}`)).status).toBe(404);
  });

  it("keeps the picture when none is chosen", async () => {
    const { cookie, email } = await signedInUser();
    await multipart("/profile", cookie, { ...profile, picture: new File([PNG], "a.png") });
    const img = (await userByEmail(email)).img;
    const response = await multipart("/profile", cookie, { ...profile, first: "Marian", picture: new File([], "") });
    expect(response.status).toBe(302);
    expect(await userByEmail(email)).toMatchObject({ first: "Marian", img });
  });

  it("refuses a renamed executable, an SVG, a 5 MB file and an empty file, storing nothing", async () => {
    const { cookie, email } = await signedInUser();
    const before = await r2Count();
    const cases: [File, string][] = [
      [
        new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0])], "photo.png", { type: "image/png" }),
        "Only PNG and JPEG images",
      ],
      [
        new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "logo.svg", { type: "image/svg+xml" }),
        "Only PNG and JPEG images",
      ],
      [new File([PNG, new Uint8Array(5 * 1024 * 1024)], "big.png", { type: "image/png" }), "larger than 2 MB"],
      [new File([], "empty.png", { type: "image/png" }), "This file is empty"],
    ];
    for (const [file, message] of cases) {
      const response = await multipart("/profile", cookie, { ...profile, first: "Changed", picture: file });
      expect(response.status, file.name).toBe(400);
      expect(await response.text(), file.name).toContain(message);
    }
    expect(await r2Count()).toBe(before);
    expect(await userByEmail(email)).toMatchObject({ first: "Test", img: null });
  });

  it("gives field messages for blank names and a bad colour, writing nothing", async () => {
    const { cookie, email } = await signedInUser();
    const response = await multipart("/profile", cookie, { first: " ", last: "", color: "red" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('id="profile-first-error"');
    expect(html).toContain('id="profile-last-error"');
    expect(html).toContain("Must have a value");
    expect(html).toContain("Choose a colour");
    expect(await userByEmail(email)).toMatchObject({ first: "Test", color: "#6b7280" });
  });

  it("serves nothing for unknown or malformed image keys", async () => {
    expect((await get("/images/avatars/nope.png")).status).toBe(404);
    expect((await get("/images/../secrets.txt")).status).toBe(404);
  });
});

describe("create a goal", () => {
  it("answers 403 to a member, for the page and the action, and writes nothing", async () => {
    const { cookie } = await signedInUser();
    expect((await get("/create", cookie)).status).toBe(403);
    const before = await count("goals");
    expect((await multipart("/create", cookie, { cause: "Sneaky" })).status).toBe(403);
    expect(await count("goals")).toBe(before);
  });

  it("lets an org create a private goal with an icon that only it is suggested", async () => {
    const { cookie, email } = await signedInUser();
    await setType(email, "org");
    const org = await userByEmail(email);
    const response = await multipart("/create", cookie, {
      cause: "Org private challenge",
      start: dayFromToday(0),
      end: dayFromToday(30),
      visibility: "private",
      icon: new File([PNG], "icon.png"),
    });
    expect(response.status).toBe(302);
    const id = new URL(response.headers.get("Location")!, "http://localhost").pathname.split("/")[2]!;
    const goal = await env.DB.prepare("SELECT * FROM goals WHERE id = ?").bind(id).first<any>();
    expect(goal).toMatchObject({ cause: "Org private challenge", visibility: "private", org_id: org.id, demo: 0 });
    expect(goal.icon).toMatch(/^goal-icons\/[a-f0-9]+\.png$/);
    expect((await get(`/images/${goal.icon}`)).headers.get("Content-Type")).toBe("image/png");

    expect(await (await get("/main", cookie)).text()).toContain("Org private challenge");
    const other = await signedInUser();
    expect(await (await get("/main", other.cookie)).text()).not.toContain("Org private challenge");
  });

  it("lets an admin create a demo goal that is never suggested", async () => {
    const { cookie, email } = await signedInUser();
    await setType(email, "admin");
    const response = await multipart("/create", cookie, { cause: "Admin demo goal", demo: "on" });
    expect(response.status).toBe(302);
    const goal = await env.DB.prepare("SELECT * FROM goals WHERE cause = ?").bind("Admin demo goal").first<any>();
    expect(goal).toMatchObject({ demo: 1, visibility: "public", org_id: null, start: null, end: null });
    expect(await (await get("/main", cookie)).text()).not.toContain("Admin demo goal");
  });

  it("gives field errors (end before start, blank cause, bad date, bad icon) and writes nothing", async () => {
    const { cookie, email } = await signedInUser();
    await setType(email, "org");
    const goals = await count("goals");
    const images = await r2Count();
    const endBefore = await multipart("/create", cookie, { cause: "X", start: "2026-05-10", end: "2026-05-09" });
    expect(endBefore.status).toBe(400);
    expect(await endBefore.text()).toContain("The end date must be on or after the start date");
    const blank = await multipart("/create", cookie, {
      cause: "  ",
      start: "2026-02-30",
      icon: new File(["MZ"], "x.jpg"),
    });
    expect(blank.status).toBe(400);
    const html = await blank.text();
    expect(html).toContain("Must have a value");
    expect(html).toContain("Enter a real date");
    expect(html).toContain("Only PNG and JPEG images");
    expect(await count("goals")).toBe(goals);
    expect(await r2Count()).toBe(images);
  });

  it("refuses private goals from admins and demo goals from orgs", async () => {
    const admin = await signedInUser();
    await setType(admin.email, "admin");
    const r1 = await multipart("/create", admin.cookie, { cause: "Y", visibility: "private" });
    expect(r1.status).toBe(400);
    expect(await r1.text()).toContain("Only organisations can create private goals");
    const org = await signedInUser();
    await setType(org.email, "org");
    const r2 = await multipart("/create", org.cookie, { cause: "Y", demo: "on" });
    expect(r2.status).toBe(400);
    expect(await r2.text()).toContain("Only admins can create demo goals");
  });

  it("shows 'Optional' on the date inputs", async () => {
    const { cookie, email } = await signedInUser();
    await setType(email, "org");
    const html = await (await get("/create", cookie)).text();
    expect(html.match(/Optional/g)?.length).toBeGreaterThanOrEqual(3);
  });
});

describe("developer date", () => {
  it("moves today, so a running goal shows as expired on the bar", async () => {
    const { cookie } = await signedInUser();
    const goal = await insertGoal({ cause: "Short sprint", start: dayFromToday(-1), end: dayFromToday(1) });
    await post(`/join/${goal.id}`, {}, cookie);
    expect(await (await get("/bar", cookie)).text()).toContain("Day 2 of 3");
    const set = await post("/dev/date", { intent: "set", date: dayFromToday(2) }, cookie);
    expect(set.status).toBe(302);
    const devCookie = set.headers.get("Set-Cookie")!.split(";")[0]!;
    const bar = await (await get("/bar", `${cookie}; ${devCookie}`)).text();
    expect(bar).toContain(">Ended<");
    expect(bar).toContain("This goal ended 1 day ago.");
  });

  it("refuses a date that is not real", async () => {
    const response = await post("/dev/date", { intent: "set", date: "2026-02-30" });
    expect(response.status).toBe(400);
  });
});
