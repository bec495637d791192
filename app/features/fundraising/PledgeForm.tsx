import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { HoneypotInputs } from "#app/components/Honeypot";
import { CheckboxField, Field, SelectField, SubmitButton, TextareaField } from "#app/components/forms";
import { MAX_PLEDGE_MAJOR, NO_FEES_LINE } from "#app/features/fundraising/fundraising";
import { givePledgeFormSchema, MAX_PER_UNIT_MAJOR } from "#app/features/progress/progress.schema";
import { useConformForm } from "#app/components/hooks/useConformForm";
import { useHydrated } from "#app/components/hooks/useHydrated";
import type { PledgeTeamChoice } from "#app/features/sponsors/team-pledge.server";
import {
  earlierUnitsRule,
  estimateText,
  singular,
  suggestedRate,
  whoEitherPickBacks,
  whoItBacks,
  type EstimateFacts,
} from "#app/features/sponsors/sponsors";
import { perUnitRate, withUnit } from "#app/lib/unit-text";

/** A typed amount in minor units, or null while it is not a plain positive amount. */
function minorOf(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, "");
  if (trimmed.length === 0 || trimmed.length > 12 || !/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

/**
 * Name, amount, optional message, shown or anonymous. No card details: the money goes via the charity.
 * On a measured goal the supporter chooses a fixed amount or an amount per unit, and only the chosen
 * option's fields show (CSS :has, so with or without JavaScript; a browser without :has shows both
 * groups under their own headings). Render it inside the route's <HoneypotProvider>.
 */
export function PledgeForm({
  lastResult,
  currency,
  charityName,
  defaultName,
  defaultEmail,
  unit,
  member,
  pledgeKey,
  estimate,
  teams,
  team,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  currency: string;
  charityName: string;
  defaultName?: string;
  /** A signed-in supporter's address, offered for the receipt (they may clear it). */
  defaultEmail?: string;
  /** A measured goal's unit while it runs: the supporter may pledge per unit logged (ADR 142). */
  unit?: string | null;
  /** The member a sponsor link names: a per-unit pledge follows their progress. */
  member?: { id: string; name: string } | null;
  /** A fresh idempotency key from the loader: the same form sent twice is one pledge (ADR 218). */
  pledgeKey?: string;
  /** Progress so far and its target, for the estimate and the earlier-units rule (ADR 241). */
  estimate?: (EstimateFacts & { progressText: string }) | null;
  /**
   * The challenge's teams (ADR 246), on a form that names no member: the supporter may back one, and the
   * estimate follows the team picked (ADR 267), from each team's own total and target.
   */
  teams?: PledgeTeamChoice[];
  /** The team a team's sponsor link names (ADR 275): the pledge backs it and nobody else. */
  team?: { id: string; name: string } | null;
}) {
  const [form, fields] = useConformForm(givePledgeFormSchema, {
    id: "pledge",
    lastResult,
    defaultValue: { name: defaultName ?? "", email: defaultEmail ?? "" },
  });
  const formErrors = [...(form.errors ?? []), ...(fields.key.errors ?? [])];
  const perUnitChosen = fields.kind.initialValue === "per-unit";
  const one = unit ? singular(unit) : "";
  const [typed, setTyped] = useState<{ rate: number | null; max: number | null } | null>(null);
  const hydrated = useHydrated();
  // The team picked in "Your pledge backs" (a refused form comes back with it picked, JS on or off).
  const offersTeams = !!teams?.length && !member && !team;
  const [teamId, setTeamId] = useState(() =>
    typeof fields.teamId.initialValue === "string" ? fields.teamId.initialValue : "",
  );
  const picked = offersTeams ? (teams.find((t) => t.id === teamId) ?? null) : null;
  // The estimate follows whom the pledge backs: the picked team's total and target, else the form's own.
  const facts =
    estimate && picked?.estimate
      ? { ...estimate, ...picked.estimate, memberName: null, teamName: picked.name }
      : estimate;
  const example = facts ? suggestedRate(facts.target) : null;
  const backs = member?.name ?? team?.name ?? picked?.name ?? null;
  return (
    <Form method="post" className="form pledge-form" {...getFormProps(form)}>
      <HoneypotInputs />
      {pledgeKey ? <input type="hidden" name="key" value={pledgeKey} /> : null}
      {/* The hidden key has no field of its own: a broken one ("Reload the page…") is told with the form's. */}
      {formErrors.length ? (
        <p className="form-error" role="alert">
          {formErrors.join(", ")}
        </p>
      ) : null}
      <Field field={fields.name} label="Your name" autoComplete="name" />
      {team ? <input type="hidden" name={fields.teamId.name} value={team.id} /> : null}
      {offersTeams ? (
        <SelectField
          field={fields.teamId}
          label="Your pledge backs"
          onChange={(e) => setTeamId(e.currentTarget.value)}
          options={[{ value: "", label: "The whole group" }, ...teams.map((t) => ({ value: t.id, label: t.name }))]}
          hint={
            unit ? `A pledge per ${singular(unit)} to a team follows the total of whoever is in that team.` : undefined
          }
        />
      ) : null}
      {unit ? (
        <fieldset
          className="choice-group pledge-form__kind"
          aria-describedby={fields.kind.errors?.length ? fields.kind.errorId : undefined}
        >
          <legend>How would you like to give?</legend>
          {fields.kind.errors?.length ? (
            <p className="field__error" id={fields.kind.errorId} role="alert">
              {fields.kind.errors.join(", ")}
            </p>
          ) : null}
          <label className="choice">
            <input type="radio" name={fields.kind.name} value="fixed" defaultChecked={!perUnitChosen} />
            <span>
              A fixed amount <small>Paid now, on {charityName}&apos;s own page.</small>
            </span>
          </label>
          <label className="choice">
            <input type="radio" name={fields.kind.name} value="per-unit" defaultChecked={perUnitChosen} />
            <span>
              An amount per {one} logged{" "}
              <small>
                {backs ? `by ${backs}` : teams?.length ? "by the group or the team you back" : "by the whole group"},
                until the goal ends. Paid at the end, when we tell you the final amount.
              </small>
            </span>
          </label>
        </fieldset>
      ) : null}
      {member ? <input type="hidden" name={fields.memberId.name} value={member.id} /> : null}
      <div className="pledge-form__option" data-option="fixed">
        {unit ? <h3 className="pledge-form__option-title">A fixed amount</h3> : null}
        <Field
          field={fields.amount}
          label={`Amount (${currency})`}
          inputMode="decimal"
          hint={`Whole ${currency} or with pence/cents, up to ${MAX_PLEDGE_MAJOR.toLocaleString("en-GB")}.`}
        />
      </div>
      {unit ? (
        <div className="pledge-form__option" data-option="per-unit">
          <h3 className="pledge-form__option-title">An amount per {one}</h3>
          <p className="pledge-form__rule" data-testid="pledge-rule">
            {offersTeams && !hydrated ? (
              // Without JavaScript the rule cannot follow the list (ADR 299): it says what either pick does.
              whoEitherPickBacks(unit)
            ) : (
              <>
                {whoItBacks(member?.name ?? null, unit, team?.name ?? picked?.name ?? null)}{" "}
                {facts
                  ? earlierUnitsRule(unit, backs, facts.progressText)
                  : `Everything ${backs ?? "the group"} logged before your pledge counts too, up to your maximum.`}
              </>
            )}
          </p>
          <div className="field-row">
            <Field
              field={fields.perUnit}
              label={`Amount per ${one} (${currency})`}
              inputMode="decimal"
              hint={`Up to ${MAX_PER_UNIT_MAJOR.toLocaleString("en-GB")}.`}
              onChange={(e) => {
                // Read now: React clears currentTarget before an updater runs.
                const rate = minorOf(e.currentTarget.value);
                setTyped((t) => ({ rate, max: t?.max ?? null }));
              }}
            />
            <Field
              field={fields.max}
              label={`Maximum (${currency})`}
              inputMode="decimal"
              hint={`Required: your pledge stops growing here, up to ${MAX_PLEDGE_MAJOR.toLocaleString("en-GB")}.`}
              onChange={(e) => {
                const max = minorOf(e.currentTarget.value);
                setTyped((t) => ({ rate: t?.rate ?? null, max }));
              }}
            />
          </div>
          {facts ? (
            <p className="pledge-form__estimate" aria-live="polite" data-testid="pledge-estimate">
              {typed?.rate
                ? estimateText(facts, typed.rate, typed.max)
                : `For example, at ${perUnitRate(withUnit((example! / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 }), currency), one)}: ${estimateText(facts, example, null)}`}
            </p>
          ) : null}
          {facts && offersTeams && !hydrated ? (
            // Without JavaScript the estimate cannot follow the list (ADR 267): each team's own figures instead.
            <div className="pledge-form__teams" data-testid="pledge-team-note">
              <p>
                This estimate is for {picked?.name ?? "the whole group"}. A pledge to a team follows that team&apos;s
                total and target instead:
              </p>
              <ul>
                {teams.map((t) =>
                  t.estimate ? (
                    <li key={t.id}>
                      {t.name}: {t.estimate.progressText} so far
                      {t.estimate.target ? `, target ${withUnit(t.estimate.target / 100, unit!)}` : ""}
                    </li>
                  ) : null,
                )}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
      <Field
        field={fields.email}
        label="Your e-mail"
        type="email"
        autoComplete="email"
        optional
        hint={`For your receipt and a private link to your pledge${unit ? "; for a pledge per unit, the final amount and where to pay" : ""}. Used only for this pledge, never for anything else.`}
      />
      <CheckboxField
        field={fields.updates}
        label="E-mail me when the challenge reaches 50%, 90% and 100% of its target"
      />
      <TextareaField field={fields.message} label="Message to the group" optional maxLength={280} />
      <CheckboxField field={fields.anonymous} label="Show my pledge as Anonymous" />
      <p className="field__hint">
        {unit
          ? `You pay ${charityName} on its own page: a fixed amount straight after pledging, a pledge per ${one} once the challenge ends.`
          : `After you pledge we send you to ${charityName}'s own donation page to pay.`}{" "}
        {NO_FEES_LINE}
      </p>
      <SubmitButton pendingText="Pledging...">Pledge</SubmitButton>
    </Form>
  );
}
