/** The organiser's team settings (ADR 270), on /create and on the goal's teams page. */
import { CheckboxField, Field, SelectField, type AnyField } from "#app/components/forms";

export interface TeamSettingsFieldSet {
  teams: AnyField;
  teamsMembersCreate: AnyField;
  teamCap: AnyField;
  teamRanking: AnyField;
}

const RANKINGS = [
  { value: "total", label: "Team total" },
  { value: "average", label: "Average per member (fair to small teams)" },
];

export function TeamSettingsFields({ fields }: { fields: TeamSettingsFieldSet }) {
  return (
    <fieldset className="team-fields">
      <legend>Teams</legend>
      <CheckboxField
        field={fields.teams}
        label="Members compete in teams"
        hint="A team board shows beside the member leaderboard."
      />
      <CheckboxField field={fields.teamsMembersCreate} label="Members may start their own teams" />
      <div className="field-row">
        <Field field={fields.teamCap} label="Most members a team" inputMode="numeric" optional hint="Like 8." />
        <SelectField field={fields.teamRanking} label="Rank teams by" options={RANKINGS} />
      </div>
    </fieldset>
  );
}
