import { getFormProps } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AccountSection } from "#app/features/account/AccountSection";
import { NotificationSettings } from "#app/features/notifications/NotificationSettings";
import { PushSettings } from "#app/features/push/PushSettings";
import { Avatar } from "#app/components/Avatar";
import { Field, SubmitButton } from "#app/components/forms";
import { ImageInput } from "#app/components/ImageInput";
import { profileSchema } from "#app/features/account/profile.schema";
import { FLASH } from "#app/lib/flash";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { loadProfileSettings, updateProfile } from "#app/features/account/profile.server";
import { requireUser } from "#app/platform/session/session.server";
import { readImageForm } from "#app/platform/http/image-form.server";
import { formErrors } from "#app/platform/http/form-answer.server";
import memberStyles from "#app/styles/member.css";
import { useConformForm } from "#app/components/hooks/useConformForm";
import { screenMeta } from "#app/lib/meta";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(memberStyles)];

export const meta: MetaFunction = () =>
  screenMeta("Profile", { description: "Your name, colour and profile picture." });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return {
    profile: { first: user.first, last: user.last, email: user.email, color: user.color, img: user.img },
    ...(await loadProfileSettings(context, user.id)),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await readImageForm(request, context, { schema: profileSchema, image: "picture" });
  if (!form.ok) return formErrors(form.submission, form.status);
  await updateProfile(context, user, { ...form.value, picture: form.image });
  throw await redirectWithFlash(context.cloudflare.env, "/profile", FLASH.profileSaved);
}

export default function ProfileRoute() {
  const { profile, emailChoices, push } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useConformForm(profileSchema, {
    id: "profile",
    lastResult,
    defaultValue: { first: profile.first, last: profile.last, color: profile.color },
  });
  return (
    <main className="member-page">
      <h1>Profile</h1>
      <p className="member-page__lead">{profile.email}</p>
      <Form method="post" encType="multipart/form-data" className="form card" {...getFormProps(form)}>
        <div className="field-row">
          <Field field={fields.first} label="First name" autoComplete="given-name" />
          <Field field={fields.last} label="Last name" autoComplete="family-name" />
        </div>
        <Field field={fields.color} label="Colour" type="color" hint="The ring around your picture in the header." />
        <ImageInput
          field={fields.picture}
          label="Profile picture"
          current={<Avatar user={{ first: profile.first, color: profile.color, img: profile.img }} size={64} />}
        />
        <div className="form-actions">
          <SubmitButton>Save profile</SubmitButton>
        </div>
      </Form>
      <NotificationSettings choices={emailChoices} />
      <PushSettings {...push} />
      <AccountSection hasPicture={!!profile.img} />
    </main>
  );
}
