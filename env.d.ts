/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/cloudflare" />
/// <reference types="@cloudflare/workers-types/2023-07-01" />
import type { Database } from "#app/server/db.server";

declare global {
  // The bindings, also visible to tests through `cloudflare:test`'s env.
  namespace Cloudflare {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Env extends AppEnv {}
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Env extends AppEnv {}
  interface AppEnv {
    DB: D1Database;
    IMAGES: R2Bucket;
    HUB: DurableObjectNamespace;
    ASSETS: Fetcher;
    ENVIRONMENT: string;
    SESSION_SECRET: string;
    /** The previous session secret while a rotation settles (docs/deploy.md). */
    SESSION_SECRET_PREVIOUS?: string;
    HONEYPOT_SEED?: string;
    APP_URL?: string;
    CRM_FORM_URL?: string;
    MAIL_API_URL?: string;
    MAIL_API_KEY?: string;
    MAIL_FROM?: string;
    /** Tests only: the live hub's heartbeat interval (default 15 s). */
    HUB_HEARTBEAT_MS?: string;
  }
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    db: Database;
    /** Per-request CSP nonce for inline and bundled scripts. */
    nonce: string;
    /** Names this request in logs and error reports (log.server.ts); also the X-Request-Id header. */
    requestId: string;
  }
}

declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
