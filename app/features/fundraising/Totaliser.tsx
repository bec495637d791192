import { Link } from "@remix-run/react";
import { NO_FEES_LINE } from "#app/features/fundraising/fundraising";
import { barFill, percentLabel } from "#app/lib/percent";
import type { Fundraiser } from "#app/features/fundraising/fundraising.server";

type Jsonified = Omit<Fundraiser, "pledges"> & { pledges: Fundraiser["pledges"] };

/**
 * Pledged vs target, what has been raised (pledges the org marked paid: "raised" means paid), the
 * milestone reached, the latest supporters and the way to pledge.
 */
export function Totaliser({
  fundraiser,
  giveHref,
  showSupporters = 5,
}: {
  fundraiser: Jsonified;
  giveHref?: string;
  showSupporters?: number;
}) {
  const { pledged, pledgedText, paidText, targetText, supporters, charityName, milestone } = fundraiser;
  const percent = percentLabel(fundraiser.percent, pledged);
  const fill = barFill(fundraiser.percent, pledged);
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
        <strong data-testid="pledged">{pledgedText}</strong> pledged of {targetText}
      </p>
      <div
        className="totaliser__track"
        role="progressbar"
        aria-label={`Pledged for ${charityName}`}
        aria-valuenow={fill}
        aria-valuetext={`${pledgedText} pledged of ${targetText}, ${percent}`}
      >
        <div className="totaliser__fill" style={{ width: `${fill}%` }} />
      </div>
      <p className="totaliser__meta">
        <span data-testid="pledged-percent">{percent} of the target</span>
        <span data-testid="supporters">
          {supporters} {supporters === 1 ? "supporter" : "supporters"}
        </span>
      </p>
      <p className="totaliser__paid">
        <strong data-testid="raised">{paidText}</strong> raised: pledges paid to {charityName}
        {fundraiser.saidPaid > 0 ? (
          <span className="totaliser__said-paid" data-testid="said-paid">
            {" "}
            (and {fundraiser.saidPaidText} the supporters say they&apos;ve paid, not yet confirmed)
          </span>
        ) : null}
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
