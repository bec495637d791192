import { SPORT_LABELS, SPORTS, type Sport } from "./sports";
import { factorSentence } from "./sport-factors";

/**
 * The optional sport of a typed entry (docs/product.md "Activity files"): the organiser's factor for it
 * applies, so a 20 km ride logs 5 km where cycling counts x0.25. `counts`: the id of the form's
 * SportCounts line (how sports count here), when the goal has factors.
 */
export function SportField({
  id,
  counts,
  defaultValue,
  errors,
}: {
  id: string;
  counts?: string;
  defaultValue?: string;
  errors: string[];
}) {
  const described = [errors.length ? `${id}-error` : null, counts ?? null].filter(Boolean);
  return (
    <div className="field">
      <label htmlFor={id}>
        Sport<span className="field__tag">Optional</span>
      </label>
      <select
        id={id}
        name="sport"
        defaultValue={defaultValue ?? ""}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={described.length ? described.join(" ") : undefined}
      >
        <option value="">Not said (counts as typed)</option>
        {SPORTS.map((sport) => (
          <option key={sport} value={sport}>
            {SPORT_LABELS[sport]}
          </option>
        ))}
      </select>
      {errors.length ? (
        <p className="field__error" id={`${id}-error`}>
          {errors.join(", ")}
        </p>
      ) : null}
    </div>
  );
}

/** "How sports count here: 1 km of cycling counts as 0.25 km." Nothing when every sport counts x1. */
export function SportCounts({
  id,
  factors,
  unitLabel,
}: {
  id?: string;
  factors: [Sport, number][];
  unitLabel: string;
}) {
  if (!factors.length) return null;
  return (
    <p className="field__hint" id={id}>
      {`How sports count here: ${factors.map(([s, f]) => factorSentence(s, f, unitLabel)).join("; ")}.`}
    </p>
  );
}
