/** Profile edits: name, colour (the header ring) and picture (R2). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { users } from "#drizzle/schema";
import { publish } from "#app/features/live/live.server";
import { deleteImage, storeImage, type CheckedImage } from "#app/platform/http/uploads.server";
import { emailChoicesQuery, toEmailChoices } from "#app/features/notifications/email-preferences.server";
import { pushStateQueries, toPushState } from "#app/features/push/push.server";

/** /profile's reads after the session: the e-mail switches and the phone's push state, in one round trip. */
export async function loadProfileSettings(context: AppLoadContext, userId: string) {
  const [choices, settings, devices] = await context.db.batch([
    emailChoicesQuery(context, userId),
    ...pushStateQueries(context, userId),
  ]);
  return { emailChoices: toEmailChoices(choices), push: toPushState(context.cloudflare.env, [settings, devices]) };
}

export async function updateProfile(
  context: AppLoadContext,
  user: { id: string; img: string | null },
  input: { first: string; last: string; color: string; picture: CheckedImage | null },
) {
  const { env, ctx } = context.cloudflare;
  const img = input.picture ? await storeImage(env, "avatars", input.picture) : user.img;
  try {
    await context.db
      .update(users)
      .set({ first: input.first, last: input.last, color: input.color, img })
      .where(eq(users.id, user.id));
  } catch (error) {
    if (img !== user.img) await deleteImage(env, img);
    throw error;
  }
  // The old picture is unreachable now; remove it after the response.
  if (img !== user.img) ctx.waitUntil(deleteImage(env, user.img));
  publish(context, [`user:${user.id}`]);
}
