/**
 * Shareable cards (ADR 272, 273): a sponsor link's card is a real PNG of the right size, drawn by the card
 * Worker once per content and then served from R2; a new entry is a new card; a broken or paused link has none.
 */
import { env } from "cloudflare:test";
import { decode } from "fast-png";
import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { signedInUser } from "../support/factories";
import { get } from "../support/http";
import { insertMeasuredGoal, logEntry } from "../support/progress";

/** Width and height from the PNG's signature and IHDR chunk. */
function pngSize(bytes: ArrayBuffer) {
  const view = new DataView(bytes);
  const signature = [...new Uint8Array(bytes, 0, 8)];
  expect(signature).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  expect(new TextDecoder().decode(new Uint8Array(bytes, 12, 4))).toBe("IHDR");
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function sponsorLinkOf(goalId: string, cookie: string) {
  const html = await (await get(`/goals/${goalId}/sponsor`, cookie)).text();
  const link = html.match(/http:\/\/localhost(\/sponsor\/[A-Za-z0-9._~-]+)/)?.[1];
  expect(link).toBeTruthy();
  return link!;
}

const stored = async (prefix: string) => (await env.IMAGES.list({ prefix })).objects.map((o) => o.key);

async function challenge() {
  const org = await signedInUser({ type: "org" });
  const goal = await insertMeasuredGoal({
    orgId: org.id,
    charityName: "Shelter",
    charityUrl: "https://example.org/give",
    targetAmount: 50000,
    currency: "GBP",
  });
  const priya = await signedInUser({ first: "Priya", join: [goal.id] });
  return { org, goal, priya };
}

describe("shareable cards", () => {
  it("a member's card is a 1200x630 PNG, drawn once and then served from R2; the square one is 1080x1080", async () => {
    const { goal, priya } = await challenge();
    await logEntry(goal.id, priya.cookie, { amount: "30" });
    const link = await sponsorLinkOf(goal.id, priya.cookie);

    const first = await get(`${link}/card.png`);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/png");
    expect(first.headers.get("X-Card")).toBe("drawn");
    const bytes = await first.arrayBuffer();
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    expect(await stored(`cards/${goal.id}/${priya.id}/`)).toHaveLength(1);

    const second = await get(`${link}/card.png`);
    expect(second.headers.get("X-Card")).toBe("hit");
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(new Uint8Array(bytes));

    const square = await get(`${link}/square.png`);
    expect(square.headers.get("Content-Type")).toBe("image/png");
    expect(pngSize(await square.arrayBuffer())).toEqual({ width: 1080, height: 1080 });
    expect(await stored(`cards/${goal.id}/${priya.id}/`)).toHaveLength(2);
  });

  it("its QR code scans to the member's sponsor link on both sizes, and the card is opaque", async () => {
    const { goal, priya } = await challenge();
    await logEntry(goal.id, priya.cookie, { amount: "12" });
    const link = await sponsorLinkOf(goal.id, priya.cookie);
    for (const file of ["card.png", "square.png"]) {
      const image = decode(await (await get(`${link}/${file}`)).arrayBuffer());
      expect(image.channels).toBe(4);
      const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength);
      // Opaque everywhere: the encoder writes resvg's premultiplied pixels as they are (ADR 239).
      expect(pixels.filter((_, i) => i % 4 === 3 && pixels[i] !== 255)).toHaveLength(0);
      expect(jsQR(pixels, image.width, image.height)?.data).toBe(`http://localhost${link}`);
    }
  });

  it("a new entry draws a new card and drops the old one from R2", async () => {
    const { goal, priya } = await challenge();
    await logEntry(goal.id, priya.cookie, { amount: "10" });
    const link = await sponsorLinkOf(goal.id, priya.cookie);
    const before = await (await get(`${link}/card.png`)).arrayBuffer();
    const [oldKey] = await stored(`cards/${goal.id}/${priya.id}/`);

    await logEntry(goal.id, priya.cookie, { amount: "15" });
    const after = await get(`${link}/card.png`);
    expect(after.headers.get("X-Card")).toBe("drawn");
    expect(new Uint8Array(await after.arrayBuffer())).not.toEqual(new Uint8Array(before));
    const keys = await stored(`cards/${goal.id}/${priya.id}/`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe(oldKey);
  });

  it("a forged link, an unknown file or paused sponsoring has no card", async () => {
    const { goal, priya } = await challenge();
    const link = await sponsorLinkOf(goal.id, priya.cookie);
    expect((await get(`${link.slice(0, -2)}xx/card.png`)).status).toBe(404);
    expect((await get(`${link}/card.gif`)).status).toBe(404);
    await env.DB.prepare("UPDATE goals SET sponsoring = 0 WHERE id = ?").bind(goal.id).run();
    expect((await get(`${link}/card.png`)).status).toBe(403);
    expect(await stored(`cards/${goal.id}/`)).toEqual([]);
  });

  it("the sponsor link and the member's share screen carry the card as og:image", async () => {
    const { goal, priya } = await challenge();
    const link = await sponsorLinkOf(goal.id, priya.cookie);
    const og = (html: string) => html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
    expect(og(await (await get(link)).text())).toBe(`http://localhost${link}/card.png`);
    expect(og(await (await get(`/goals/${goal.id}/share`, priya.cookie)).text())).toBe(
      `http://localhost${link}/card.png`,
    );
  });
});
