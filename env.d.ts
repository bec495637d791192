/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/cloudflare" />
/// <reference types="@cloudflare/workers-types/2023-07-01" />

// Env (the bindings, vars and secrets) is generated into worker-configuration.d.ts by `npm run types`
// from wrangler.toml and .dev.vars.example; AppLoadContext is typed by app/platform/http/load-context.server.ts
// (ADR 123). Here only what no config file names: optional secrets and test-only settings.
declare global {
  namespace Cloudflare {
    interface Env {
      /** The previous session secret while a rotation settles (docs/deploy.md). */
      SESSION_SECRET_PREVIOUS?: string;
      /** The marketing CRM's form endpoint; early-access requests are forwarded when it is set. */
      CRM_FORM_URL?: string;
      MAIL_API_URL?: string;
      MAIL_API_KEY?: string;
      MAIL_FROM?: string;
      /** Sentry's DSN: when set, the one reporter also sends each error there (ADR 124). */
      SENTRY_DSN?: string;
      /** Tests only: the live hub's heartbeat interval (default 15 s). */
      HUB_HEARTBEAT_MS?: string;
      /** Streams one hub instance holds at most (default in app/features/live/stream-limits.ts, ADR 106). */
      HUB_MAX_STREAMS?: string;
    }
  }
}

declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
