/**
 * Avatars stored before ADR 109 sit at `avatars/{user id}/{random}.{ext}`: their address names their
 * owner, and their bytes still carry what the upload carried (EXIF with GPS, comments). The cron moves
 * them a few at a time (ADR 114): the picture is stored again without its metadata under a random key
 * (`storeImage`), the member's row is pointed at it only if it still names the old key (a conditional
 * update: a picture changed meanwhile wins), and then the old object is deleted; if the row had moved on,
 * the copy is deleted instead. A picture missing from R2 is dropped from the row (it showed nothing).
 */
import { and, eq, like } from "drizzle-orm";
import { sniffImageType } from "#app/lib/images";
import { stripImageMetadata } from "#app/lib/image-metadata";
import { users } from "#drizzle/schema";
import type { Database } from "#app/platform/db/db.server";
import { deleteImage, storeImage } from "#app/platform/http/uploads.server";

/** Per cron run (every 15 minutes): small enough to finish well inside one invocation. */
export const AVATAR_MOVE_BATCH = 20;

/** Keys with the owner's id: a folder inside avatars/ (new keys have none). */
const OLD_KEY = "avatars/%/%";

export async function moveOldAvatarKeys(env: Env, db: Database, limit = AVATAR_MOVE_BATCH) {
  const rows = await db
    .select({ id: users.id, img: users.img })
    .from(users)
    .where(like(users.img, OLD_KEY))
    .limit(limit);
  let moved = 0;
  for (const { id, img: oldKey } of rows) {
    if (!oldKey) continue;
    const object = await env.IMAGES.get(oldKey);
    const bytes = object ? new Uint8Array(await object.arrayBuffer()) : null;
    const type = bytes ? sniffImageType(bytes.subarray(0, 16)) : null;
    if (!bytes || !type) {
      // Nothing we could serve: the member sees their initials, as they already did.
      await db
        .update(users)
        .set({ img: null })
        .where(and(eq(users.id, id), eq(users.img, oldKey)));
      continue;
    }
    const stripped = stripImageMetadata(bytes, type.ext);
    const newKey = await storeImage(env, "avatars", { ...type, bytes: stripped.slice().buffer as ArrayBuffer });
    const changed = await db
      .update(users)
      .set({ img: newKey })
      .where(and(eq(users.id, id), eq(users.img, oldKey)))
      .returning({ id: users.id });
    if (changed.length) {
      await deleteImage(env, oldKey);
      moved++;
    } else {
      await deleteImage(env, newKey);
    }
  }
  return moved;
}
