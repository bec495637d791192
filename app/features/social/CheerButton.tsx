import { Link, useFetcher, useSearchParams } from "@remix-run/react";
import { MEMBERS_SHOWN } from "#app/features/fundraising/fundraising";
import type { CheerMember } from "#app/features/social/discussion.server";

/** One tap cheers a member (a second takes it back). A plain form POST without JavaScript. */
export function CheerButton({ goalId, member, returnTo }: { goalId: string; member: CheerMember; returnTo: string }) {
  const fetcher = useFetcher<{ error?: string }>();
  // A refusal (too many cheers, a member who left) is said beside the button that was pressed.
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  // Optimistic: show the new state while the request is on its way.
  const cheered = fetcher.formData ? !member.cheered : member.cheered;
  const count = member.cheers + (cheered === member.cheered ? 0 : cheered ? 1 : -1);
  return (
    <fetcher.Form method="post" action={`/goals/${goalId}/cheer`} preventScrollReset>
      <input type="hidden" name="memberId" value={member.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className={`cheer${cheered ? " cheer--on" : ""}`} aria-pressed={cheered}>
        {/* One text node each: React separates adjacent ones with a comment in the HTML. */}
        <span aria-hidden="true">👏</span>
        {cheered ? " Cheered" : " Cheer"}
        <span className="visually-hidden">{` ${member.name}`}</span>
        <span className="cheer__count">{count}</span>
      </button>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * The members of a goal with a cheer for each (not for yourself): the first MEMBERS_SHOWN, you first,
 * and a link to list them all (ADR 201). Plain links: the same with JavaScript off.
 */
export function CheerList({
  goalId,
  members,
  memberTotal,
}: {
  goalId: string;
  members: CheerMember[];
  memberTotal: number;
}) {
  const [searchParams] = useSearchParams();
  if (!members.length) return null;
  const all = searchParams.get("members") === "all";
  const returnTo = all ? `/active/${goalId}?members=all` : `/active/${goalId}`;
  const more = memberTotal - members.length;
  return (
    <section className="cheers card" aria-labelledby="cheers-title">
      <h2 id="cheers-title">Members</h2>
      <ul className="cheers__list">
        {members.map((m) => (
          <li key={m.id}>
            <span className="cheers__dot" style={{ background: m.color }} aria-hidden="true" />
            <span className="cheers__name">{m.self ? `${m.name} (you)` : m.name}</span>
            <div className="cheers__actions">
              <span className={`tag${m.completed ? " tag--success" : ""}`}>
                {m.completed ? "Completed" : "Pursuing"}
              </span>
              {m.self ? (
                <span className="cheers__received">{`${m.cheers} ${m.cheers === 1 ? "cheer" : "cheers"}`}</span>
              ) : (
                <CheerButton goalId={goalId} member={m} returnTo={returnTo} />
              )}
            </div>
          </li>
        ))}
      </ul>
      {more > 0 && !all ? (
        <p className="cheers__more">
          <Link to={`/active/${goalId}?members=all#cheers-title`} preventScrollReset>
            {`Show all ${memberTotal.toLocaleString("en-GB")} members`}
          </Link>
        </p>
      ) : more > 0 ? (
        <p className="cheers__more">
          {`The first ${members.length.toLocaleString("en-GB")} of ${memberTotal.toLocaleString("en-GB")} members are listed.`}
        </p>
      ) : null}
      {all && members.length > MEMBERS_SHOWN ? (
        <p className="cheers__more">
          <Link to={`/active/${goalId}#cheers-title`}>Show fewer members</Link>
        </p>
      ) : null}
    </section>
  );
}
