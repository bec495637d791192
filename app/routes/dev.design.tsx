import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import memberStyles from "#app/styles/member.css";
import { requireDevelopment } from "#app/platform/http/env.server";
import { screenMeta } from "#app/lib/meta";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(memberStyles)];

export const meta: MetaFunction = () => screenMeta("Design system (development)", { noindex: true });

/** Development only (404 in production): every control of docs/design.md, rendered from the real styles. */
export function loader({ context }: LoaderFunctionArgs) {
  requireDevelopment(context);
  return null;
}

const COLOURS = [
  "brand",
  "brand-dark",
  "brand-light",
  "accent",
  "ink",
  "muted",
  "line",
  "surface-soft",
  "danger",
  "success",
  "focus-ring",
];

export default function DesignRoute() {
  return (
    <main className="member-page">
      <h1>Design system</h1>
      <p className="member-page__lead">
        Every control, styled once (app/styles/controls.css) from one set of tokens (app/styles/tokens.css). See
        docs/design.md.
      </p>
      <section className="card form" aria-labelledby="design-colours">
        <h2 id="design-colours">Colours</h2>
        <ul className="design-swatches">
          {COLOURS.map((c) => (
            <li key={c}>
              <span className="design-swatch" style={{ background: `var(--${c})` }} />
              <code>--{c}</code>
            </li>
          ))}
        </ul>
      </section>
      <section className="card form" aria-labelledby="design-buttons">
        <h2 id="design-buttons">Buttons, badges and statuses</h2>
        <div className="form-actions">
          <button type="button" className="button">
            Primary
          </button>
          <button type="button" className="button button--secondary">
            Secondary
          </button>
          <button type="button" className="button button--danger">
            Destructive
          </button>
          <button type="button" className="link-button">
            Link
          </button>
        </div>
        <p className="form-actions">
          <span className="badge">Badge</span>
          <span className="badge badge--brand">Running</span>
          <span className="badge badge--success">Completed</span>
          <span className="badge badge--private">Private</span>
          <span className="status status--success">✓ Paid</span>
        </p>
      </section>
      <form className="card form" aria-labelledby="design-fields" onSubmit={(e) => e.preventDefault()}>
        <h2 id="design-fields">Fields</h2>
        <div className="field">
          <label htmlFor="design-text">Text field</label>
          <p className="field__hint" id="design-text-hint">
            A hint says what goes here.
          </p>
          <input id="design-text" aria-describedby="design-text-hint" />
        </div>
        <div className="field">
          <label htmlFor="design-colour">Colour</label>
          <input id="design-colour" type="color" defaultValue="#0f766e" />
        </div>
        <div className="field">
          <label htmlFor="design-file">File</label>
          <input id="design-file" type="file" />
        </div>
        <fieldset className="choice-group">
          <legend>Radio choices</legend>
          <label className="choice">
            <input type="radio" name="design-choice" defaultChecked />
            <span>
              First <small>Its small print.</small>
            </span>
          </label>
          <label className="choice">
            <input type="radio" name="design-choice" />
            <span>Second</span>
          </label>
        </fieldset>
        <fieldset>
          <legend>A boxed fieldset</legend>
          <fieldset className="setting-row">
            <legend>A setting with a two-option switch</legend>
            <span className="segmented">
              <label>
                <input type="radio" name="design-switch" defaultChecked />
                On
              </label>
              <label>
                <input type="radio" name="design-switch" />
                Off
              </label>
            </span>
          </fieldset>
        </fieldset>
      </form>
      <section className="card" aria-labelledby="design-toast">
        <h2 id="design-toast">Toast</h2>
        <div className="toast design-toast" role="status">
          Entry deleted.
          <button type="button" className="link-button">
            Undo
          </button>
        </div>
      </section>
    </main>
  );
}
