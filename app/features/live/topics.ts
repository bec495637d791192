/**
 * Live-update topics: names, which hub instance carries each, and who may hear them.
 * Pure and isomorphic: the SSE route, publish() and the browser hook all use these rules.
 */

export type Topic = "goals" | "settings" | "admin" | `goal:${string}` | `user:${string}`;

/** Topics are short ids; anything else is refused before it reaches a hub. */
const TOPIC = /^(goals|settings|admin|goal:[A-Za-z0-9_-]{1,64}|user:[A-Za-z0-9_-]{1,64})$/;
export const MAX_TOPICS = 16;

export function isTopic(value: string): value is Topic {
  return TOPIC.test(value);
}

/** Parses `a,b,c` into a sorted, de-duplicated topic list, or null when anything is malformed. */
export function parseTopics(raw: string | null): Topic[] | null {
  if (!raw) return null;
  const parts = [
    ...new Set(
      raw
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  if (parts.length === 0 || parts.length > MAX_TOPICS || !parts.every(isTopic)) return null;
  return (parts as Topic[]).sort();
}

/** A stable key for a topic set: the same set gives the same key (and the same stream URL). */
export function topicKey(topics: readonly string[]): string {
  return [...new Set(topics)].sort().join(",");
}

export const SITE_INSTANCE = "site";
/**
 * The site-wide topics are spread over this many hub instances (ADR 202): no instance holds more than
 * its share of the signed-in tabs and anonymous listeners (docs/scale.md: ~1,600 streams an instance).
 */
export const SITE_SHARDS = 8;
/** Topics every shard carries for its own listeners: a publish goes to all shards. */
const BROADCAST = new Set<string>(["goals", "settings", "admin"]);

/** A member's shard: a stable hash (FNV-1a) of their id, so their user topic always lives there. */
export function siteShard(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % SITE_SHARDS;
}

const shardName = (shard: number) => `${SITE_INSTANCE}#${shard}`;

/**
 * The hub instance (Durable Object name) that carries a topic for one listener: one per goal, so one
 * goal's crowd never slows another's (ADR 040); a member's own topic on their shard; the broadcast
 * topics on the listener's shard (`shard`, by default the first).
 */
export function instanceFor(topic: Topic, shard = 0): string {
  if (topic.startsWith("goal:")) return topic;
  if (topic.startsWith("user:")) return shardName(siteShard(topic.slice("user:".length)));
  return shardName(shard);
}

/**
 * Groups one listener's topics by the hub instance that carries them. The site-wide ones ride on one
 * shard: the member's own (their `user:{id}` topic's, by `listenerKey` = their id, whether or not the
 * page asked for that topic), else the visitor's client address's, else a random one. So a page opens
 * one site-wide stream, and the per-member and per-address caps of ADR 106 see all of a listener's.
 */
export function byInstance(
  topics: readonly Topic[],
  listenerKey: string | null = null,
  random: () => number = Math.random,
): Map<string, Topic[]> {
  const user = topics.find((t) => t.startsWith("user:"));
  const key = user ? user.slice("user:".length) : listenerKey;
  const shard = key ? siteShard(key) : Math.floor(random() * SITE_SHARDS) % SITE_SHARDS;
  const groups = new Map<string, Topic[]>();
  for (const topic of topics) {
    const name = instanceFor(topic, shard);
    const group = groups.get(name);
    if (group) group.push(topic);
    else groups.set(name, [topic]);
  }
  return groups;
}

/** Where a publish must go: a broadcast topic to every shard, any other topic to its one instance. */
export function publishInstances(topics: readonly Topic[]): Map<string, Topic[]> {
  const groups = new Map<string, Topic[]>();
  const add = (name: string, topic: Topic) => {
    const group = groups.get(name);
    if (group) group.push(topic);
    else groups.set(name, [topic]);
  };
  for (const topic of topics) {
    if (BROADCAST.has(topic)) for (let shard = 0; shard < SITE_SHARDS; shard++) add(shardName(shard), topic);
    else add(instanceFor(topic), topic);
  }
  return groups;
}

export function goalIdOf(topic: Topic): string | null {
  return topic.startsWith("goal:") ? topic.slice("goal:".length) : null;
}

export interface Listener {
  id: string;
  type: "admin" | "org" | "user";
}

/** What the SSE route knows about a goal when deciding who may hear its topic. */
export interface GoalAccess {
  visibility: "public" | "private" | "friends";
  orgId: string | null;
  /** The listener has a user_goals row for it (joined or completed). */
  isParticipant: boolean;
  /** The listener is a friend of the goal's owner (a friends goal's circle, ADR 183). */
  isFriendOfOwner?: boolean;
}

/**
 * May this listener (null: a visitor) hear this topic? Visitors hear only "settings" (the sign-up page
 * follows the early-access mode). A private goal is heard only by those who can see it: admins, the
 * owning org and the goal's participants; a friends goal by its creator, their friends and its
 * participants (and admins, who moderate). A goal that does not exist is heard by no one.
 */
export function canHear(listener: Listener | null, topic: Topic, goal?: GoalAccess | null): boolean {
  if (topic === "settings") return true;
  if (!listener) return false;
  if (topic === "goals") return true;
  if (topic === "admin") return listener.type === "admin";
  if (topic.startsWith("user:")) return topic === `user:${listener.id}`;
  if (!goal) return false;
  if (goal.visibility === "public") return true;
  if (listener.type === "admin" || goal.orgId === listener.id || goal.isParticipant) return true;
  return goal.visibility === "friends" && !!goal.isFriendOfOwner;
}
