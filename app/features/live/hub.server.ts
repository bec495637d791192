import { DurableObject } from "cloudflare:workers";
import { admitStream, STREAM_LIMITS, streamLifetime } from "#app/features/live/stream-limits";
import { reportError } from "#app/platform/http/report.server";

/**
 * The live-updates hub (ADR 040, 041): one instance holds the server-sent-event connections of some
 * topics (one goal, or the site-wide topics) and fans out a small event after each committed write.
 *
 *   GET  /subscribe?topics=a,b&address=A&member=M
 *                                an SSE stream: `event: ready` first, then `event: change` per publish;
 *                                429/503 with Retry-After past the caps per address, member, instance
 *   POST /publish {topics, at}   fans out to every subscriber of any of those topics; answers the count
 *   POST /revoke {member?}       closes that member's streams (every stream without one), so the
 *                                browsers reconnect and /events checks their access again (ADR 106)
 *   GET  /stats                  subscriber count (tests, bench)
 *   POST /restart                resets this instance, dropping every stream (dev and tests only:
 *                                the worker routes that reach it 404 in production)
 *
 * Writes to subscribers are never awaited: a slow or dead client must not hold up the others. A client
 * is dropped when its stream closes or errors, or when it stops reading (backlog too deep); the
 * heartbeat comment every 15 s is what exposes connections that died without a word. Each stream is
 * closed after at most 30 minutes (checked at each heartbeat); the browser reconnects (ADR 106).
 */

export const HEARTBEAT_MS = 15_000;
/** Unread bytes queued for one subscriber before it counts as stuck and is dropped (~500 events). */
const MAX_BACKLOG_BYTES = 64 * 1024;
/** Tells EventSource how soon to come back if the stream ends (the client hook adds backoff). */
const RETRY_MS = 1_000;

interface Subscriber {
  writer: WritableStreamDefaultWriter<ArrayBuffer | ArrayBufferView>;
  topics: string[];
  /** The client address it was opened from (null: none to count by, e.g. loopback). */
  address: string | null;
  /** The signed-in member it was opened for (null: a visitor). */
  member: string | null;
  /** When it is closed, whatever happens (hub clock). */
  closeAt: number;
}

const bump = (counts: Map<string, number>, key: string | null, by: 1 | -1) => {
  if (key === null) return;
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
};

const encoder = new TextEncoder();
const PING = encoder.encode(": ping\n\n");

export class Hub extends DurableObject<Env> {
  private readonly byTopic = new Map<string, Set<Subscriber>>();
  private readonly subscribers = new Set<Subscriber>();
  /** When this instance started: anything published before may have been missed by a reconnecting page. */
  private readonly startedAt = Date.now();
  /** Last publish time per topic since this instance started. */
  private readonly lastAt = new Map<string, number>();
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private readonly perAddress = new Map<string, number>();
  private readonly perMember = new Map<string, number>();

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "POST" && url.pathname === "/restart") {
      // Throws inside this instance; the runtime drops every stream and starts it afresh on next use.
      this.ctx.abort("restart requested");
      return new Response(null, { status: 204 });
    }
    try {
      return await this.route(request, url);
    } catch (error) {
      reportError(error, { where: "hub", route: url.pathname }, { env: this.env, ctx: this.ctx });
      throw error;
    }
  }

  private async route(request: Request, url: URL): Promise<Response> {
    switch (`${request.method} ${url.pathname}`) {
      case "GET /subscribe":
        return this.subscribe(
          (url.searchParams.get("topics") ?? "").split(",").filter(Boolean),
          url.searchParams.get("address") || null,
          url.searchParams.get("member") || null,
        );
      case "POST /publish": {
        const { topics, at } = (await request.json()) as { topics: string[]; at: number };
        return Response.json({ delivered: this.broadcast(topics, at) });
      }
      case "POST /revoke": {
        const { member } = (await request.json()) as { member?: string };
        return Response.json({ closed: this.revoke(member ?? null) });
      }
      case "GET /stats":
        return Response.json({ subscribers: this.subscribers.size, startedAt: this.startedAt });
      default:
        return new Response("Not Found", { status: 404 });
    }
  }

  private subscribe(topics: string[], address: string | null, member: string | null): Response {
    const limits = { ...STREAM_LIMITS, perInstance: Number(this.env.HUB_MAX_STREAMS) || STREAM_LIMITS.perInstance };
    const admission = admitStream(
      {
        address: address === null ? 0 : (this.perAddress.get(address) ?? 0),
        member: member === null ? 0 : (this.perMember.get(member) ?? 0),
        instance: this.subscribers.size,
      },
      limits,
    );
    if (!admission.ok) {
      return new Response(admission.message, {
        status: admission.status,
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Retry-After": String(admission.retryAfter),
          "Cache-Control": "no-store",
        },
      });
    }
    // A native byte stream: each write goes straight to the response, no JS queue per chunk.
    const { readable, writable } = new IdentityTransformStream({ highWaterMark: MAX_BACKLOG_BYTES });
    const subscriber: Subscriber = {
      writer: writable.getWriter(),
      topics,
      address,
      member,
      closeAt: Date.now() + streamLifetime(limits.maxAgeMs),
    };
    this.subscribers.add(subscriber);
    bump(this.perAddress, address, 1);
    bump(this.perMember, member, 1);
    for (const topic of topics) {
      let set = this.byTopic.get(topic);
      if (!set) this.byTopic.set(topic, (set = new Set()));
      set.add(subscriber);
    }
    subscriber.writer.closed.catch(() => this.drop(subscriber));
    subscriber.writer.ready.catch(() => {});
    // `since`: the earliest moment whose writes this page might not have seen (see useLiveUpdates).
    const since = Math.max(this.startedAt, ...topics.map((t) => this.lastAt.get(t) ?? 0));
    this.send(
      subscriber,
      `retry: ${RETRY_MS}\nevent: ready\ndata: ${JSON.stringify({ topics, since, now: Date.now() })}\n\n`,
    );
    this.startHeartbeat();
    return new Response(readable, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        "X-Accel-Buffering": "no",
      },
    });
  }

  /** Sends one event to each subscriber of any of the topics (once, even if it hears several). */
  private broadcast(topics: string[], at: number): number {
    const targets = new Map<Subscriber, string[]>();
    for (const topic of topics) {
      this.lastAt.set(topic, at);
      for (const subscriber of this.byTopic.get(topic) ?? []) {
        const heard = targets.get(subscriber);
        if (heard) heard.push(topic);
        else targets.set(subscriber, [topic]);
      }
    }
    const encoded = new Map<string, Uint8Array>(); // most publishes have one payload for everyone
    for (const [subscriber, heard] of targets) {
      const key = heard.join(",");
      let chunk = encoded.get(key);
      if (!chunk)
        encoded.set(key, (chunk = encoder.encode(`event: change\ndata: ${JSON.stringify({ topics: heard, at })}\n\n`)));
      this.send(subscriber, chunk);
    }
    return targets.size;
  }

  private send(subscriber: Subscriber, chunk: string | Uint8Array) {
    const { writer } = subscriber;
    if (writer.desiredSize !== null && writer.desiredSize <= 0) return this.drop(subscriber);
    // Not awaited: a write can stay pending forever under backpressure (ADR 041).
    writer.write(typeof chunk === "string" ? encoder.encode(chunk) : chunk).catch(() => this.drop(subscriber));
  }

  /**
   * Closes the streams of one member (null: every stream) so their browsers reconnect and /events
   * checks what they may hear again: after a role or status change, or a goal turning private.
   */
  revoke(member: string | null): number {
    let closed = 0;
    for (const subscriber of this.subscribers) {
      if (member !== null && subscriber.member !== member) continue;
      this.drop(subscriber, "close");
      closed++;
    }
    return closed;
  }

  /** Closes every stream past its lifetime (at each heartbeat; `now` is a parameter for tests). */
  closeExpired(now = Date.now()): number {
    let closed = 0;
    for (const subscriber of this.subscribers) {
      if (subscriber.closeAt > now) continue;
      this.drop(subscriber, "close");
      closed++;
    }
    return closed;
  }

  /** Forgets a subscriber; "close" ends its stream cleanly (the browser reconnects), else it is aborted. */
  private drop(subscriber: Subscriber, how: "abort" | "close" = "abort") {
    if (!this.subscribers.delete(subscriber)) return;
    for (const topic of subscriber.topics) {
      const set = this.byTopic.get(topic);
      set?.delete(subscriber);
      if (set?.size === 0) this.byTopic.delete(topic);
    }
    bump(this.perAddress, subscriber.address, -1);
    bump(this.perMember, subscriber.member, -1);
    if (how === "close") subscriber.writer.close().catch(() => {});
    else subscriber.writer.abort("dropped").catch(() => {});
    if (this.subscribers.size === 0 && this.heartbeat !== undefined) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  private startHeartbeat() {
    if (this.heartbeat !== undefined) return;
    // HUB_HEARTBEAT_MS exists for tests (a quick ping); production keeps the 15 s default.
    const every = Number(this.env.HUB_HEARTBEAT_MS) || HEARTBEAT_MS;
    this.heartbeat = setInterval(() => {
      this.closeExpired();
      for (const subscriber of this.subscribers) this.send(subscriber, PING);
    }, every);
  }
}
