import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, count, honeypotFields, signUpUser } from "../support/http";

const MB = 1024 * 1024;

/**
 * A body sent in chunks with no Content-Length (what the probe used), `prefix` first, then filler up to
 * `size` bytes. `pulled()` says how much of it the server asked for.
 */
function chunkedBody(prefix: string, size: number, filler = "x") {
  const head = new TextEncoder().encode(prefix);
  const chunk = new TextEncoder().encode(filler.repeat(64 * 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) {
        controller.enqueue(head);
        sent += head.byteLength;
      } else if (sent < size) {
        controller.enqueue(chunk);
        sent += chunk.byteLength;
      } else controller.close();
    },
  });
  return { stream, pulled: () => sent };
}

const send = (path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string>) =>
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
    // Reading stopped near the 1 MB cap: nowhere near the 20 MB sent.
    expect(body.pulled()).toBeLessThan(4 * MB);
  });

  it("a chunked sign-in of a normal size still works", async () => {
    const { email } = await signUpUser();
    const fields = new URLSearchParams({ ...(await honeypotFields()), email, password: "password123" });
    const body = chunkedBody(`${fields}&pad=`, 64 * 1024);
    const response = await send("/signin", body.stream, { "Content-Type": "application/x-www-form-urlencoded" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/main");
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
    const size = 9 * MB;
    const head = new TextEncoder().encode(prefix);
    const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
    const filler = new Uint8Array(64 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        else if (sent < size) controller.enqueue(filler);
        else if (sent < size + tail.byteLength) controller.enqueue(tail);
        else return controller.close();
        sent += sent === 0 ? head.byteLength : sent < size ? filler.byteLength : tail.byteLength;
      },
    });
    const response = await send("/profile", stream, {
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      Cookie: cookie,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("This upload is too large. Choose an image up to 2 MB.");
  });
});
