import { useRef } from "react";
import { useHydrated } from "./hooks/useHydrated";

/**
 * A destructive action that asks first (docs/design.md): the first tap only opens a panel that says what
 * stops working, with the real (red) button in it. A native disclosure, so it works without JavaScript;
 * with it, "Keep it" closes the panel again.
 */
export function AskFirst({
  summary,
  summaryClassName = "button button--secondary",
  question,
  keep,
  open,
  children,
}: {
  /** The first tap's words (a secondary button's look, never red). */
  summary: React.ReactNode;
  summaryClassName?: string;
  /** The question the panel asks, e.g. "Revoke the invite link?" */
  question: string;
  /** The way back's words, e.g. "Keep this link". */
  keep: string;
  /** Open from the start: the form inside came back refused, and its message must show. */
  open?: boolean;
  /** What stops working, and the form with the real button. */
  children: React.ReactNode;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const hydrated = useHydrated();
  return (
    <details className="ask-first" ref={details} open={open || undefined}>
      <summary className={summaryClassName}>{summary}</summary>
      <div className="ask-first__panel" role="group" aria-label={question}>
        <p className="ask-first__question">{question}</p>
        {children}
        {hydrated ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              if (details.current) details.current.open = false;
            }}
          >
            {keep}
          </button>
        ) : null}
      </div>
    </details>
  );
}
