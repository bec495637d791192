/**
 * The live bench's listeners and where the hub puts them.
 *
 * Signed-in subscribers are many real members, not one: the hub caps the streams one member and one
 * client address hold on an instance (ADR 106, app/features/live/stream-limits.ts), so a thousand tabs of
 * one member are 988 refusals, not a fan-out. The bench writes its members straight into D1 (the
 * factories' precomputed password hash, as bench/load does), signs each in through the real /signin
 * form from a client address of its own, and gives each subscriber one member's cookie and address.
 */
import { factories, insertManySql, schema, executeSql } from "../../scripts/seed.mjs";
import { ROOT, renderedFields, signIn } from "../lib/app.mjs";

const { TEST_PASSWORD, userRow } = factories;
/** ADR 106's caps per hub instance (app/features/live/stream-limits.ts): streams per member, per address. */
export const CAPS = { perMember: 12, perAddress: 30 };
const SIGN_IN_CONCURRENCY = 8; // PBKDF2 is deliberately slow: a few at a time, as bench/load does

export const memberId = (i) => `live-member-${i}`;
const memberEmail = (i) => `live-member-${i}@example.com`;
/** A client address per listener (10.x.y.z), as the edge would report it (CF-Connecting-IP). */
export const addressOf = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** Writes `count` members (live-member-1..count) into the bench's fresh state. */
export function seedMembers(persistTo, count) {
  const rows = Array.from({ length: count }, (_, k) =>
    userRow({ id: memberId(k + 1), first: "Live", last: `Member ${k + 1}`, email: memberEmail(k + 1) }),
  );
  executeSql(insertManySql(schema.users, rows) + "\n", { persistTo, cwd: ROOT });
}

/** Signs members 1..count in through /signin, each from its own address: [{ id, address, cookie }]. */
export async function signInMembers(base, count, log = () => {}) {
  const rendered = await renderedFields(base); // the honeypot fields the form renders
  const members = new Array(count);
  let next = 0;
  const started = Date.now();
  const worker = async () => {
    for (let k = next++; k < count; k = next++) {
      const address = addressOf(k + 1);
      const cookie = await signIn(base, memberEmail(k + 1), TEST_PASSWORD, { rendered, address });
      members[k] = { id: memberId(k + 1), address, cookie };
    }
  };
  await Promise.all(Array.from({ length: SIGN_IN_CONCURRENCY }, worker));
  log(`  ${count} members signed in through /signin in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return members;
}

const SITE_SHARDS = 8;
const BROADCAST = new Set(["goals", "settings", "admin"]);

/** FNV-1a mod 8: the same as siteShard() in app/features/live/topics.ts (ADR 202). */
function siteShard(key) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % SITE_SHARDS;
}

/**
 * The hub instances one listener's stream opens, as byInstance() in app/features/live/topics.ts places them:
 * a goal on its own instance; a user topic on its member's shard; the broadcast topics on the
 * listener's shard (their own user topic's, else their member id's or address's).
 */
export function instancesOf(topics, listenerKey) {
  const user = topics.find((t) => t.startsWith("user:"));
  const shard = siteShard(user ? user.slice("user:".length) : listenerKey);
  const names = new Set();
  for (const topic of topics) {
    if (topic.startsWith("goal:")) names.add(topic);
    else if (topic.startsWith("user:")) names.add(`site#${siteShard(topic.slice("user:".length))}`);
    else if (BROADCAST.has(topic)) names.add(`site#${shard}`);
  }
  return [...names];
}
