import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_URLENCODED_BYTES } from "#app/lib/form-body";
import { BASE, count, honeypotFields, post, setType, signUpUser, uniqueEmail } from "../support/http";
import { signedInUser } from "../support/factories";

const MB = 1024 * 1024;
const CAP = MAX_URLENCODED_BYTES;

/** `text` sent in 16 KB chunks with no Content-Length, exactly as many bytes as it holds. */
function chunkedExactly(text: string) {
  const bytes = new TextEncoder().encode(text);
  const { readable, writable } = new IdentityTransformStream();
  const writer = writable.getWriter();
  void (async () => {
    try {
      for (let at = 0; at < bytes.byteLength; at += 16 * 1024) await writer.write(bytes.slice(at, at + 16 * 1024));
      await writer.close();
    } catch {
      // The server stopped reading.
    }
  })();
  return readable;
}

/** A sign-in body of exactly `size` bytes: the real fields, then a padding field the form ignores. */
async function signInBodyOf(size: number) {
  const { email } = await signUpUser();
  const head = `${new URLSearchParams({ ...(await honeypotFields()), email, password: "password123" })}&pad=`;
  return head + "x".repeat(size - head.length);
}

/**
 * A body sent in chunks with no Content-Length (what the probe used): `prefix` first, then filler up
 * to `size` bytes, then `suffix`. Written into a native stream, so when the server stops reading the
 * failed writes land here (`sent()` says how much the server took), not as stray rejections.
 */
function chunkedBody(
  prefix: string,
  size: number,
  suffix = "",
  filler = new TextEncoder().encode("x".repeat(64 * 1024)),
) {
  const { readable, writable } = new IdentityTransformStream();
  const writer = writable.getWriter();
  let sent = 0;
  const done = (async () => {
    try {
      const head = new TextEncoder().encode(prefix);
      await writer.write(head);
      sent += head.byteLength;
      while (sent < size) {
        await writer.write(filler);
        sent += filler.byteLength;
      }
      await writer.write(new TextEncoder().encode(suffix));
      await writer.close();
    } catch {
      // The server stopped reading: what an attacker sees.
    }
  })();
  return { stream: readable, pulled: () => sent, done };
}

const send = (path: string, body: ReadableStream, headers: Record<string, string>) =>
  SELF.fetch(BASE + path, {
    method: "POST",
    body,
    headers: { Origin: BASE, Host: "localhost", ...headers },
    redirect: "manual",
  });

describe("body caps count the bytes that arrive, not the Content-Length header", () => {
  it("a 20 MB chunked sign-in with the right password is a 413, signs no one in, and is not read whole", async () => {
    const { email } = await signUpUser();
    const sessions = await count("sessions");
    const fields = new URLSearchParams({ ...(await honeypotFields()), email, password: "password123" });
    const body = chunkedBody(`${fields}&pad=`, 20 * MB);
    const response = await send("/signin", body.stream, { "Content-Type": "application/x-www-form-urlencoded" });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe("The form is too large.");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await count("sessions")).toBe(sessions);
    // Reading stopped near the 128 KB cap (ADR 115): nowhere near the 20 MB sent.
    expect(body.pulled()).toBeLessThan(1 * MB);
  });

  it("a chunked sign-in of exactly the urlencoded cap (128 KB) signs in; one byte more is a 413", async () => {
    const atCap = await signInBodyOf(CAP);
    expect(atCap.length).toBe(128 * 1024);
    const ok = await send("/signin", chunkedExactly(atCap), { "Content-Type": "application/x-www-form-urlencoded" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/main");

    const overBody = await signInBodyOf(CAP + 1);
    const sessions = await count("sessions");
    const over = await send("/signin", chunkedExactly(overBody), {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(over.status).toBe(413);
    expect(await over.text()).toBe("The form is too large.");
    expect(over.headers.get("Set-Cookie")).toBeNull();
    expect(await count("sessions")).toBe(sessions);
  });

  it("with Content-Length: the cap signs in, one byte over is a 413 (the 1 MB bodies once allowed too)", async () => {
    const headers = { Origin: BASE, Host: "localhost", "Content-Type": "application/x-www-form-urlencoded" };
    const ok = await SELF.fetch(BASE + "/signin", {
      method: "POST",
      body: await signInBodyOf(CAP),
      headers,
      redirect: "manual",
    });
    expect(ok.status).toBe(302);
    for (const size of [CAP + 1, MB]) {
      const response = await SELF.fetch(BASE + "/signin", {
        method: "POST",
        body: await signInBodyOf(size),
        headers,
        redirect: "manual",
      });
      expect(response.status, `${size} bytes`).toBe(413);
      expect(await response.text()).toBe("The form is too large.");
      expect(response.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it("the largest form the app takes (admin communication, every character 4 bytes of UTF-8) previews and sends", async () => {
    const admin = await signedInUser({ first: "Cora" });
    await setType(admin.email, "admin");
    // 150 + 5,000 code points (the schema's maxima, ADR 115), each 12 bytes once percent-encoded.
    const draft = { audience: "admin", subject: "🙂".repeat(150), body: "🙂".repeat(4_999) + "!" };
    const preview = await post("/admin/users/communication", { intent: "preview", ...draft }, admin.cookie);
    const html = await preview.text();
    expect(preview.status, html.slice(0, 300)).toBe(200);
    const previewed = html.match(/name="previewed" value="([0-9a-f]+)"/)?.[1];
    expect(previewed).toBeTruthy();
    const body = new URLSearchParams({ intent: "send", ...draft, previewed: previewed! }).toString();
    expect(body.length).toBeGreaterThan(61_000);
    expect(body.length).toBeLessThan(CAP / 2);
    const outbox = await count("mail_outbox");
    const sent = await post("/admin/users/communication", new URLSearchParams(body), admin.cookie);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toMatch(/^\/admin\/users\/communication\?sent=/);
    expect(await count("mail_outbox")).toBeGreaterThan(outbox);
  });

  it("a 20 MB chunked multipart to /profile is a 413 before the profile changes, and is not read whole", async () => {
    const { cookie, email } = await signUpUser({ first: "Capped" });
    const boundary = "----gwfcap";
    const prefix = `--${boundary}\r\nContent-Disposition: form-data; name="first"\r\n\r\nChanged\r\n--${boundary}\r\nContent-Disposition: form-data; name="last"\r\n\r\n`;
    const body = chunkedBody(prefix, 20 * MB);
    const response = await send("/profile", body.stream, {
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      Cookie: cookie,
    });
    expect(response.status).toBe(413);
    expect(body.pulled()).toBeLessThan(16 * MB);
    const user = await env.DB.prepare("SELECT first FROM users WHERE email = ?").bind(email).first<{ first: string }>();
    expect(user?.first).toBe("Capped");
  });

  it("an upload over the screen's 8 MB sent without Content-Length gets the screen's own message", async () => {
    const { cookie } = await signUpUser();
    const boundary = "----gwfpic";
    const prefix = `--${boundary}\r\nContent-Disposition: form-data; name="first"\r\n\r\nPia\r\n--${boundary}\r\nContent-Disposition: form-data; name="last"\r\n\r\nPic\r\n--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
    const body = chunkedBody(prefix, 9 * MB, `\r\n--${boundary}--\r\n`, new Uint8Array(64 * 1024));
    const response = await send("/profile", body.stream, {
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      Cookie: cookie,
    });
    const text = await response.text();
    expect(response.status, text.slice(0, 300)).toBe(413);
    expect(text).toContain("This upload is too large. Choose an image up to 2 MB.");
  });

  it("a multipart form posted to an action that reads the body itself is read (the guard's parse leaves it whole)", async () => {
    const admin = await signedInUser({ type: "admin" });
    const body = new FormData();
    body.set("intent", "add-user");
    for (const [k, v] of Object.entries({
      first: "Multi",
      last: "Part",
      email: uniqueEmail("multipart"),
      type: "user",
    }))
      body.set(k, v);
    const response = await SELF.fetch(BASE + "/admin/users/add-user", {
      method: "POST",
      body,
      headers: { Origin: BASE, Host: "localhost", Cookie: admin.cookie },
      redirect: "manual",
    });
    expect(response.status).toBeLessThan(500);
    const added = await env.DB.prepare(
      "SELECT count(*) AS n FROM users WHERE first = 'Multi' AND last = 'Part'",
    ).first<{
      n: number;
    }>();
    expect(added?.n).toBe(1);
  });

  it("an empty multipart body is a 400 before any action, not a 500 (found by bad-input at CI scale)", async () => {
    const admin = await signedInUser({ type: "admin" });
    const users = await count("users");
    const response = await SELF.fetch(BASE + "/admin/users/add-user", {
      method: "POST",
      headers: {
        Origin: BASE,
        Host: "localhost",
        Cookie: admin.cookie,
        "Content-Type": "multipart/form-data; boundary=x",
      },
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("The form could not be read. Please try again.");
    expect(await count("users")).toBe(users);
  });
});
