/**
 * Avatars stored before ADR 109 under `avatars/{user id}/…` (ADR 114): the cron moves them to a random key,
 * without their metadata, and the member's pages show the moved picture; the old address names no one
 * any more. The built worker's `scheduled` handler runs the move.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { worker } from "../support/worker";
import { get } from "../support/http";
import { signedInUser } from "../support/factories";
import { GPS_JPEG, GPS_TAG, METADATA_TEXT } from "../fixtures/gps-images";

async function cron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const imgOf = async (id: string) =>
  (await env.DB.prepare("SELECT img FROM users WHERE id = ?").bind(id).first<{ img: string | null }>())!.img;
const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);

describe("avatars stored under the member's id", () => {
  it("move to a random key without their EXIF; the profile shows the moved picture and the old address is gone", async () => {
    const member = await signedInUser();
    const old = `avatars/${member.id}/0123456789abcdef0123456789abcdef.jpg`;
    await env.IMAGES.put(old, GPS_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
    await env.DB.prepare("UPDATE users SET img = ? WHERE id = ?").bind(old, member.id).run();
    expect(latin1(new Uint8Array(await (await get(`/images/${old}`)).arrayBuffer()))).toContain("Exif");

    await cron();

    const moved = await imgOf(member.id);
    expect(moved).toMatch(/^avatars\/[a-f0-9]{32}\.jpg$/);
    expect(moved).not.toContain(member.id);
    expect((await get(`/images/${old}`)).status).toBe(404);
    const image = await get(`/images/${moved}`);
    expect(image.status).toBe(200);
    const served = latin1(new Uint8Array(await image.arrayBuffer()));
    for (const text of [...METADATA_TEXT, GPS_TAG, "Exif"]) expect(served).not.toContain(text);
    expect([served.slice(0, 2), served.slice(-2)]).toEqual(["\xff\xd8", "\xff\xd9"]);
    const profile = await (await get("/profile", member.cookie)).text();
    expect(profile).toContain(`/images/${moved}`);
    expect(profile).not.toContain(old);

    // Moved once: the next run leaves it where it is.
    await cron();
    expect(await imgOf(member.id)).toBe(moved);
  });

  it("an old key whose picture is missing from storage is dropped: the member shows their initials", async () => {
    const member = await signedInUser();
    const old = `avatars/${member.id}/fedcba9876543210fedcba9876543210.png`;
    await env.DB.prepare("UPDATE users SET img = ? WHERE id = ?").bind(old, member.id).run();
    await cron();
    expect(await imgOf(member.id)).toBeNull();
  });
});
