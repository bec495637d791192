import { useFetcher } from "@remix-run/react";
import type { CheerMember } from "#app/server/discussion.server";

/** One tap cheers a member (a second takes it back). A plain form POST without JavaScript. */
export function CheerButton({ goalId, member, returnTo }: { goalId: string; member: CheerMember; returnTo: string }) {
  const fetcher = useFetcher();
  // Optimistic: show the new state while the request is on its way.
  const cheered = fetcher.formData ? !member.cheered : member.cheered;
  const count = member.cheers + (cheered === member.cheered ? 0 : cheered ? 1 : -1);
  return (
    <fetcher.Form method="post" action={`/goals/${goalId}/cheer`} preventScrollReset>
      <input type="hidden" name="memberId" value={member.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className={`cheer${cheered ? " cheer--on" : ""}`} aria-pressed={cheered}>
        <span aria-hidden="true">👏</span> {cheered ? "Cheered" : "Cheer"}
        <span className="visually-hidden"> {member.name}</span>
        <span className="cheer__count">{count}</span>
      </button>
    </fetcher.Form>
  );
}

/** The members of a goal with their progress and a cheer for each (not for yourself). */
export function CheerList({ goalId, members, returnTo }: { goalId: string; members: CheerMember[]; returnTo: string }) {
  if (!members.length) return null;
  return (
    <section className="cheers card" aria-labelledby="cheers-title">
      <h2 id="cheers-title">Members</h2>
      <ul className="cheers__list">
        {members.map((m) => (
          <li key={m.id}>
            <span className="cheers__dot" style={{ background: m.color }} aria-hidden="true" />
            <span className="cheers__name">
              {m.name}
              {m.self ? " (you)" : ""}
            </span>
            <span className="cheers__actions">
              <span className={`tag${m.completed ? " tag--success" : ""}`}>
                {m.completed ? "Completed" : "Pursuing"}
              </span>
              {m.self ? (
                <span className="cheers__received">
                  {m.cheers} {m.cheers === 1 ? "cheer" : "cheers"}
                </span>
              ) : (
                <CheerButton goalId={goalId} member={m} returnTo={returnTo} />
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
