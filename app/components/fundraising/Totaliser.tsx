import { Link } from "@remix-run/react";
import { NO_FEES_LINE } from "#app/lib/fundraising";
import type { Fundraiser } from "#app/server/fundraising.server";

type Jsonified = Omit<Fundraiser, "pledges"> & { pledges: Fundraiser["pledges"] };

/** Raised vs target, the milestone reached, the latest supporters and the way to pledge. */
export function Totaliser({
  fundraiser,
  giveHref,
  showSupporters = 5,
}: {
  fundraiser: Jsonified;
  giveHref?: string;
  showSupporters?: number;
}) {
  const { raisedText, targetText, percent, supporters, charityName, milestone } = fundraiser;
  const fill = Math.min(100, percent);
  const shown = fundraiser.pledges.slice(0, showSupporters);
  return (
    <section className="totaliser card" aria-labelledby="totaliser-title">
      <div className="totaliser__head">
        <h2 id="totaliser-title">{`Raising for ${charityName}`}</h2>
        {milestone > 0 ? (
          <p className="totaliser__milestone" data-testid="milestone">
            {milestone >= 100 ? "Target reached!" : `${milestone}% milestone reached`}
          </p>
        ) : null}
      </div>
      <p className="totaliser__amounts">
        <strong data-testid="raised">{raisedText}</strong> raised of {targetText}
      </p>
      <div
        className="totaliser__track"
        role="progressbar"
        aria-label={`Raised for ${charityName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={fill}
        aria-valuetext={`${raisedText} of ${targetText}, ${percent}%`}
      >
        <div className="totaliser__fill" style={{ width: `${fill}%` }} />
      </div>
      <p className="totaliser__meta">
        <span>{percent}%</span>
        <span data-testid="supporters">
          {supporters} {supporters === 1 ? "supporter" : "supporters"}
        </span>
      </p>
      {shown.length ? (
        <ul className="supporters" aria-label="Latest supporters">
          {shown.map((p) => (
            <li key={p.id}>
              <span className="supporters__name">{p.name}</span>
              <span className="supporters__amount">{p.amountText}</span>
              {p.message ? <q className="supporters__message">{p.message}</q> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="totaliser__empty">No pledges yet. Be the first to support this challenge.</p>
      )}
      {giveHref ? (
        <Link to={giveHref} className="button totaliser__give">
          Pledge support
        </Link>
      ) : null}
      <p className="no-fees">{NO_FEES_LINE}</p>
    </section>
  );
}
