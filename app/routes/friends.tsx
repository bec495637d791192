import { getFormProps } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CopyLink } from "#app/components/CopyLink";
import { Avatar } from "#app/components/Avatar";
import { Field, SubmitButton } from "#app/components/forms";
import { useConformForm } from "#app/components/hooks/useConformForm";
import { FLASH } from "#app/lib/flash";
import { FRIENDS_FORMS, inviteFriendSchema } from "#app/features/account/account.schema";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import {
  acceptFriendRequest,
  declineFriendRequest,
  friendCodeOf,
  friendLink,
  friendRequestsOf,
  friendsOf,
  inviteFriendByEmail,
  removeFriend,
  renewFriendCode,
} from "#app/features/social/friends.server";
import { requireUser } from "#app/platform/session/session.server";
import fundraisingStyles from "#app/styles/fundraising.css";
import memberStyles from "#app/styles/member.css";
import { screenMeta } from "#app/lib/meta";
import { formErrors } from "#app/platform/http/form-answer.server";
import { readIntentForm } from "#app/platform/http/intent-form.server";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(memberStyles), stylesheet(fundraisingStyles)];

export const meta: MetaFunction = () =>
  screenMeta("Friends", { description: "Invite friends and see who you set goals with." });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [code, friends, requests] = await Promise.all([
    friendCodeOf(context, user.id),
    friendsOf(context, user.id),
    friendRequestsOf(context, user.id),
  ]);
  return { link: friendLink(request, context.cloudflare.env, code), friends, requests };
}

/** Invite by e-mail, answer a friend request, remove a friend, or renew the personal link (ADR 182, 189). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const { submission } = await readIntentForm(request, FRIENDS_FORMS, "invite");
  if (submission.status !== "success") return formErrors(submission, 400);
  const env = context.cloudflare.env;
  const value = submission.value;
  if (value.intent === "invite") {
    const result = await inviteFriendByEmail(request, context, user, value.email);
    if (!result.ok) return formErrors(submission, 429, { fieldErrors: { email: [result.message] } });
    throw await redirectWithFlash(env, "/friends", FLASH.friendInvited(value.email));
  }
  if (value.intent === "accept" || value.intent === "decline") {
    const answer = value.intent === "accept" ? acceptFriendRequest : declineFriendRequest;
    const from = await answer(context, user.id, value.fromId);
    if (!from) return formErrors(submission, 404, { formErrors: ["That request is no longer open."] });
    throw await redirectWithFlash(
      env,
      "/friends",
      value.intent === "accept" ? FLASH.friendsNow(from.first) : FLASH.friendRequestDeclined(from.first),
    );
  }
  if (value.intent === "remove") {
    const friend = await removeFriend(context, user.id, value.friendId);
    if (!friend) return formErrors(submission, 404, { formErrors: ["That person is not your friend."] });
    throw await redirectWithFlash(env, "/friends", FLASH.friendRemoved(friend.first));
  }
  await renewFriendCode(context, user.id);
  throw await redirectWithFlash(env, "/friends", FLASH.friendLinkRenewed);
}

export default function FriendsRoute() {
  const { link, friends, requests } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  // The invite form; the other forms' refusals (a request no longer open...) show as its form errors.
  const [form, fields] = useConformForm(inviteFriendSchema, { id: "invite-friend", lastResult });
  return (
    <main className="member-page">
      <h1>Friends</h1>
      {form.errors?.length ? <p role="alert">{form.errors.join(" ")}</p> : null}
      {requests.length > 0 ? (
        <section className="card" id="requests" aria-labelledby="requests-title">
          <h2 id="requests-title">{`Friend requests (${requests.length})`}</h2>
          <ul className="friends">
            {requests.map((r) => (
              <li key={r.id} className="friend">
                <Avatar user={r} size={32} />
                <span className="friend__name">{`${r.first} ${r.last}`}</span>
                <Form method="post">
                  <input type="hidden" name="fromId" value={r.id} />
                  <button type="submit" name="intent" value="accept" className="button">
                    Accept<span className="visually-hidden">{` ${r.first} ${r.last}`}</span>
                  </button>{" "}
                  <button type="submit" name="intent" value="decline" className="link-button">
                    Decline<span className="visually-hidden">{` ${r.first} ${r.last}`}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="card invite" aria-labelledby="link-title">
        <h2 id="link-title">Your invite link</h2>
        <p>Whoever opens it and accepts becomes your friend. Share it in a message or a chat.</p>
        <CopyLink id="friend-link" label="Your invite link" url={link} />
        <Form method="post" className="invite__revoke">
          <input type="hidden" name="intent" value="renew" />
          <SubmitButton className="button button--secondary">Make a new link (the old one stops working)</SubmitButton>
        </Form>
      </section>
      <Form method="post" className="form card" {...getFormProps(form)}>
        <h2>Invite by e-mail</h2>
        <input type="hidden" name="intent" value="invite" />
        <Field field={fields.email} label="Friend's e-mail address" type="email" autoComplete="off" />
        <div className="form-actions">
          <SubmitButton>Send invite</SubmitButton>
        </div>
      </Form>
      <section className="card" aria-labelledby="friends-title">
        <h2 id="friends-title">Your friends ({friends.length})</h2>
        {friends.length === 0 ? (
          <p>No friends yet. Send your link to someone you want to set goals with.</p>
        ) : (
          <ul className="friends">
            {friends.map((f) => (
              <li key={f.id} className="friend">
                <Avatar user={f} size={32} />
                <span className="friend__name">{`${f.first} ${f.last}`}</span>
                <Form method="post">
                  <input type="hidden" name="friendId" value={f.id} />
                  <button type="submit" name="intent" value="remove" className="link-button">
                    Remove<span className="visually-hidden">{` ${f.first} ${f.last}`}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
