import { useState } from "react";
import { useHydrated } from "#app/components/hooks/useHydrated";

/** A read-only link with a Copy button; the button exists only once JavaScript can make it work. */
export function CopyLink({ id, label, url }: { id: string; label: string; url: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <div className="invite__row">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      {hydrated && typeof navigator !== "undefined" && navigator.clipboard ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => navigator.clipboard.writeText(url).then(() => setCopied(true))}
        >
          {copied ? "Copied" : "Copy link"}
        </button>
      ) : null}
      <span className="visually-hidden" role="status">
        {copied ? "Link copied" : ""}
      </span>
    </div>
  );
}
