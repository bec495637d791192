/**
 * The data model: the single source for D1's tables (drizzle-kit generates migrations/ from it).
 * One table per thing the product stores (users, goals, who pursues which goal, pledges, messages...).
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** The gray design token: a new user's colour until they choose one. */
export const DEFAULT_COLOR = "#6b7280";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    first: text("first").notNull(),
    last: text("last").notNull(),
    email: text("email").notNull(), // stored lower-case
    color: text("color").notNull().default(DEFAULT_COLOR),
    img: text("img"), // R2 key
    type: text("type", { enum: ["admin", "org", "user"] })
      .notNull()
      .default("user"),
    status: text("status").notNull().default("new"),
    activegoals: integer("activegoals").notNull().default(0),
    // "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>"; null until an invited user sets one.
    passwordHash: text("password_hash"),
    // The home feed (issue 15): when /main was last opened, and the visit before (more than 30 minutes
    // earlier), so "since my last visit" survives live refreshes of the open page.
    homeSeenAt: integer("home_seen_at", { mode: "timestamp_ms" }),
    homePrevSeenAt: integer("home_prev_seen_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    index("users_type_idx").on(t.type),
    // The admin user list pages newest first (ORDER BY created_at DESC, email): SQLite walks this index
    // backwards and stops after the page instead of sorting every user: 561 ms -> 0.28 ms a page at 1M
    // members (docs/scale.md); tests/integration/query-plans.test.ts asserts the plan.
    index("users_created_idx").on(t.createdAt, t.email),
  ],
);

/**
 * The addresses an account had before its current one (ADR 219): written when an e-mail change is
 * confirmed, so deleting the account can find and remove them wherever they were left (the mail outbox,
 * early-access requests, the audit log, counters, pledges). Goes with the account.
 */
export const previousEmails = sqliteTable(
  "previous_emails",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(), // lower-case, as users.email
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.email] })],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(), // random, carried in the signed cookie
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    // The cron deletes expired sessions a bounded batch at a time, walking this (ADR 295).
    index("sessions_expires_idx").on(t.expiresAt),
  ],
);

export const goals = sqliteTable(
  "goals",
  {
    id: text("id").primaryKey(),
    cause: text("cause").notNull(),
    start: text("start"), // 'YYYY-MM-DD' UTC
    end: text("end"),
    icon: text("icon"), // R2 key; null shows the default icon
    demo: integer("demo", { mode: "boolean" }).notNull().default(false),
    visibility: text("visibility", { enum: ["public", "private", "friends"] })
      .notNull()
      .default("public"),
    orgId: text("org_id").references(() => users.id, { onDelete: "set null" }),
    // Fundraising (all optional): pledges go to the charity's own donation page.
    charityName: text("charity_name"),
    charityUrl: text("charity_url"),
    targetAmount: integer("target_amount"), // minor units (pence/cents)
    currency: text("currency"),
    milestoneNotified: integer("milestone_notified").notNull().default(0), // 0, 50, 90 or 100
    // Invite links are signed with this nonce; changing it revokes every link already shared.
    inviteNonce: text("invite_nonce"),
    // Sponsor links (ADR 240): signed with this nonce (a new one revokes every sponsor link of the goal);
    // `sponsoring` off closes them all and the public pledge page to anyone outside the goal.
    sponsorNonce: text("sponsor_nonce"),
    sponsoring: integer("sponsoring", { mode: "boolean" }).notNull().default(true),
    // Measured progress (issue 15, all optional): a preset unit key or a custom unit name, the
    // per-member target and the group target in hundredths of the unit.
    unit: text("unit"),
    unitTarget: integer("unit_target"),
    groupTarget: integer("group_target"),
    createdAt: createdAt(),
    // When the cron moved the goal's entries to the archive (ADR 303): from then on its entries are read
    // from R2 and its totals, kept in D1, are final. Null while the entries live in D1.
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    // (end, cause): suggestions walk it closing soonest first and stop at the page (ADR 058).
    index("goals_end_cause_idx").on(t.end, t.cause),
    index("goals_org_idx").on(t.orgId),
    // The archive job's next goal (ADR 303): only goals not archived yet, oldest end first.
    index("goals_to_archive_idx")
      .on(t.end)
      .where(sql`archived_at IS NULL AND "end" IS NOT NULL`),
  ],
);

export const userGoals = sqliteTable(
  "user_goals",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    goalId: text("goal_id")
      .notNull()
      .references(() => goals.id, { onDelete: "cascade" }),
    completed: integer("completed", { mode: "boolean" }).notNull().default(false),
    joinedAt: integer("joined_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    // The last day (goal clock, 'YYYY-MM-DD') the member opened any screen of this goal: the 3-day
    // reminder counts from it (ADR 190). Written at most once a day, in the screen's own batch.
    visitedOn: text("visited_on"),
    // The member's own sponsor link is signed with this too: a new one revokes only theirs (ADR 240).
    sponsorNonce: text("sponsor_nonce"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.goalId] }),
    index("user_goals_goal_idx").on(t.goalId, t.completed),
    // The home's "joined since my visit" reads only the window's joins of each of my goals, not every
    // membership of a club-sized goal; (goal_id, completed) above serves the counts and the member list.
    // tests/integration/query-plans.test.ts asserts the plan.
    index("user_goals_goal_joined_idx").on(t.goalId, t.joinedAt),
    index("user_goals_user_completed_idx").on(t.userId, t.completed, t.joinedAt),
  ],
);

export const settings = sqliteTable("settings", {
  id: integer("id").primaryKey(), // always 1
  earlyAccess: text("early_access", { enum: ["closed", "request", "open"] })
    .notNull()
    .default("open"),
  supportEmail: text("support_email").notNull().default("support@goalswithfriends.app"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`),
});

export const earlyAccessRequests = sqliteTable(
  "early_access_requests",
  {
    id: text("id").primaryKey(),
    nameFirst: text("name_first").notNull(),
    nameLast: text("name_last").notNull(),
    locationCity: text("location_city").notNull(),
    locationState: text("location_state").notNull(),
    email: text("email").notNull(),
    forwardedAt: integer("forwarded_at", { mode: "timestamp_ms" }),
    forwardAttempts: integer("forward_attempts").notNull().default(0),
    lastError: text("last_error"),
    // When the cron put a request that never reached the queue back on it (once, ADR 113).
    requeuedAt: integer("requeued_at", { mode: "timestamp_ms" }),
    invitedAt: integer("invited_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("early_access_forward_idx").on(t.forwardedAt)],
);

/** Single-use links: password resets, admin-added users setting a password, early-access invites. */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(), // SHA-256 of the token in the link
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    purpose: text("purpose", { enum: ["reset", "set-password", "invite", "email-change"] })
      .notNull()
      .default("reset"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("password_resets_user_idx").on(t.userId),
    // The cron's sweep of spent links (used or expired over a week ago) walks these two (ADR 295).
    index("password_resets_expires_idx").on(t.expiresAt),
    index("password_resets_used_idx").on(t.usedAt),
  ],
);

/** Fixed-window counters for sign-in failures and throttles, keyed e.g. 'signin-fail:email:a@b.c'. */
export const signinAttempts = sqliteTable(
  "signin_attempts",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    windowStart: integer("window_start", { mode: "timestamp_ms" }).notNull(),
  },
  // The cron deletes counters whose window is over a bounded batch at a time, walking this (ADR 295).
  (t) => [index("signin_attempts_window_idx").on(t.windowStart)],
);

export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    kind: text("kind").notNull(), // 'reset', 'invite', 'communication', 'milestone' ...
    communicationId: text("communication_id"),
    // queued -> sent, or queued -> retrying (attempts failed so far) -> sent | dead (ADR 125).
    status: text("status", { enum: ["queued", "sent", "retrying", "dead"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    // The mail's link (reset, set-password, invitation) sealed with a key from SESSION_SECRET; the text
    // holds a placeholder. Dropped once sent (ADR 103).
    linkSealed: text("link_sealed"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    // When the cron put a message that never reached the queue back on it (once, ADR 113).
    requeuedAt: integer("requeued_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_created_idx").on(t.createdAt),
    index("mail_outbox_comm_idx").on(t.communicationId),
    // The few messages still holding a sealed link, oldest first: the cron drops links past their life (ADR 295).
    index("mail_outbox_sealed_idx")
      .on(t.createdAt)
      .where(sql`link_sealed IS NOT NULL`),
  ],
);

export const communications = sqliteTable("communications", {
  id: text("id").primaryKey(),
  actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
  audience: text("audience").notNull(), // 'all' | 'admin' | 'org' | 'user'
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  recipients: integer("recipients").notNull().default(0),
  createdAt: createdAt(),
});

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    target: text("target"),
    detail: text("detail"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

export const pledges = sqliteTable(
  "pledges",
  {
    id: text("id").primaryKey(),
    goalId: text("goal_id")
      .notNull()
      .references(() => goals.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    message: text("message"),
    amount: integer("amount").notNull(), // minor units; 0 for a per-unit pledge
    // Per-unit sponsorship (issue 15): minor units per whole unit logged, by the whole group (null
    // member) or by one member, with an optional maximum in minor units.
    perUnit: integer("per_unit"),
    // No foreign key: when the member deletes their account this follows their progress to its
    // anonymous id, so a per-member pledge keeps its value (ADR 188).
    memberId: text("member_id"),
    // A pledge to a team (ADR 246): a per-unit one follows the team's current members' total (ADR 270).
    // No foreign key: a team deleted later leaves the pledge following the whole group, up to its maximum.
    teamId: text("team_id"),
    maxAmount: integer("max_amount"),
    anonymous: integer("anonymous", { mode: "boolean" }).notNull().default(false),
    // Confirmed by the organiser: what "raised" counts (ADR 166, 242).
    paid: integer("paid", { mode: "boolean" }).notNull().default(false),
    // The supporter's own loop (ADR 241, 242): the address for this pledge only (receipt, settle-up,
    // reminders), milestone updates asked for, "I've paid" said, the settle-up day (goal clock) and the
    // amount it told them, reminders sent since (0-2), and mail stopped by the supporter.
    email: text("email"),
    updates: integer("updates", { mode: "boolean" }).notNull().default(false),
    saidPaidAt: integer("said_paid_at", { mode: "timestamp_ms" }),
    settledOn: text("settled_on"),
    settledValue: integer("settled_value"),
    reminders: integer("reminders").notNull().default(0),
    mailStopped: integer("mail_stopped", { mode: "boolean" }).notNull().default(false),
    // The pledge form's idempotency key (ADR 218): a double-submitted form records one pledge.
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("pledges_goal_idx").on(t.goalId, t.createdAt),
    uniqueIndex("pledges_idempotency_idx").on(t.goalId, t.idempotencyKey),
  ],
);

export const messages = sqliteTable(
  "messages",
  {
    id: text("id").primaryKey(),
    goalId: text("goal_id")
      .notNull()
      .references(() => goals.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("messages_goal_idx").on(t.goalId, t.createdAt)],
);

export const cheers = sqliteTable(
  "cheers",
  {
    goalId: text("goal_id")
      .notNull()
      .references(() => goals.id, { onDelete: "cascade" }),
    fromUserId: text("from_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toUserId: text("to_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.goalId, t.fromUserId, t.toUserId] }),
    index("cheers_to_idx").on(t.goalId, t.toUserId),
  ],
);

/**
 * Measured progress (issue 15): one row per logged amount. The amount is in hundredths of the goal's
 * unit (5.25 km = 525). The idempotency key comes from the form, so a double submit logs once.
 */
export const progressEntries = sqliteTable(
  "progress_entries",
  {
    id: text("id").primaryKey(),
    goalId: text("goal_id")
      .notNull()
      .references(() => goals.id, { onDelete: "cascade" }),
    // No foreign key on purpose: a deleted account's entries stay, re-keyed to an anonymous
    // "deleted-..." id and without their note, so group totals and pledges do not move (ADR 188).
    userId: text("user_id").notNull(),
    amount: integer("amount").notNull(), // hundredths of the unit
    day: text("day").notNull(), // 'YYYY-MM-DD' on the goal clock
    note: text("note"),
    idempotencyKey: text("idempotency_key").notNull(),
    // From an activity file (ADR 260): its sport, moving time and SHA-256; never the track.
    sport: text("sport"),
    movingSeconds: integer("moving_seconds"),
    fileHash: text("file_hash"),
    // From an organiser's CSV import (undone as a whole by this id).
    importId: text("import_id"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    // Sum per member of a goal, and my entries in a goal by day (ADR 140).
    index("progress_entries_member_day_idx").on(t.goalId, t.userId, t.day, t.createdAt),
    // The goal's latest entries (the home feed).
    index("progress_entries_goal_created_idx").on(t.goalId, t.createdAt),
    // The organiser's entries largest first, to find implausible ones (docs/product.md).
    index("progress_entries_goal_amount_idx").on(t.goalId, t.amount, t.createdAt),
    uniqueIndex("progress_entries_idempotency_idx").on(t.userId, t.idempotencyKey),
    // The same activity file is logged once per member and goal: a condition of the insert (ADR 260).
    uniqueIndex("progress_entries_file_idx").on(t.goalId, t.userId, t.fileHash),
    index("progress_entries_import_idx").on(t.importId),
  ],
);

/** The organiser's factors per sport for a goal ("1 km of cycling counts as 0.25 km"): hundredths. */
export const goalSportFactors = sqliteTable(
  "goal_sport_factors",
  {
    goalId: text("goal_id")
      .notNull()
      .references(() => goals.id, { onDelete: "cascade" }),
    sport: text("sport").notNull(),
    factor: integer("factor").notNull(), // hundredths: 25 = x0.25
  },
  (t) => [primaryKey({ columns: [t.goalId, t.sport] })],
);

/** An organiser's CSV import of entries: listed, and undone as a whole. */
export const entryImports = sqliteTable(
  "entry_imports",
  {
    id: text("id").primaryKey(),
    goalId: text("goal_id")
      .notNull()
      .references(() => goals.id, { onDelete: "cascade" }),
    byUserId: text("by_user_id"),
    rows: integer("rows").notNull(),
    total: integer("total").notNull(), // hundredths of the goal's unit
    createdAt: createdAt(),
    undoneAt: integer("undone_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("entry_imports_goal_idx").on(t.goalId, t.createdAt)],
);

/**
 * Each member's totals in a goal, recounted from progress_entries in the same batch as every entry
 * write (ADR 140), so the leaderboard walks an index instead of summing every entry on every view.
 * reached_at: when the member's latest change (which set the current total) happened: ties rank by it.
 */
export const progressTotals = sqliteTable(
  "progress_totals",
  {
    goalId: text("goal_id")
      .notNull()
      .references(() => goals.id, { onDelete: "cascade" }),
    // No foreign key: kept, re-keyed, when the account is deleted (ADR 188).
    userId: text("user_id").notNull(),
    total: integer("total").notNull().default(0),
    entries: integer("entries").notNull().default(0),
    lastDay: text("last_day"),
    reachedAt: integer("reached_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.goalId, t.userId] }),
    index("progress_totals_rank_idx").on(t.goalId, sql`"total" desc`, t.reachedAt, t.userId),
  ],
);

/**
 * Each goal's amount per day, kept by triggers on progress_entries (migration goal_day_totals, ADR 294)
 * whatever writes an entry (a log, an edit, a removal, an import and its undo, a watch file, a sync), so
 * the goal screen's chart reads its few days instead of summing every entry of the goal on every view.
 * entries: how many entries make the day; a day left with none is deleted.
 */
export const goalDayTotals = sqliteTable(
  "goal_day_totals",
  {
    goalId: text("goal_id")
      .notNull()
      .references(() => goals.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    amount: integer("amount").notNull().default(0),
    entries: integer("entries").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.goalId, t.day] })],
);

/**
 * An ended challenge's entries moved to R2 by the cron (ADR 303): one gzip file of JSON lines per goal,
 * written and read back before this row is written; `clearedAt` is set once the last entry row of the goal
 * is gone from D1 (deleted in bounded batches, resumable). `entries` and `amount` are what the file holds.
 */
export const entryArchives = sqliteTable(
  "entry_archives",
  {
    goalId: text("goal_id")
      .primaryKey()
      .references(() => goals.id, { onDelete: "cascade" }),
    key: text("key"), // R2 key in ARCHIVE; null for a goal without entries
    entries: integer("entries").notNull(),
    amount: integer("amount").notNull(),
    bytes: integer("bytes").notNull(),
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }).notNull(),
    clearedAt: integer("cleared_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("entry_archives_clearing_idx")
      .on(t.archivedAt)
      .where(sql`cleared_at IS NULL`),
  ],
);

/**
 * An erased account's lines in an archived goal's file (ADR 303): written with the erasure, the cron rewrites
 * the file (the anonymous id, no note) and deletes the row; until then readers apply it.
 */
export const archiveErasures = sqliteTable(
  "archive_erasures",
  {
    goalId: text("goal_id")
      .notNull()
      .references(() => goals.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    anonymousId: text("anonymous_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.goalId, t.userId] })],
);

export type User = typeof users.$inferSelect;
export type Goal = typeof goals.$inferSelect;
export type UserGoal = typeof userGoals.$inferSelect;
export type Settings = typeof settings.$inferSelect;
export type UserType = User["type"];
export type EarlyAccessMode = Settings["earlyAccess"];

/**
 * In-app notifications (issue 17, ADR 181): one row per recipient and event. `eventKey` names the event
 * (e.g. 'cheer:{goal}:{from}'), and (user, eventKey) is unique, so no event is told twice, however often
 * the code or the cron that writes it runs.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", {
      enum: [
        "cheer",
        "message",
        "goal-starts",
        "goal-ends",
        "friend-request",
        "friend-accepted",
        "pledge-for-you",
        "pledge-for-goal",
        "reminder",
        // A badge the member earned (ADR 271): event key "badge:{goal}:{badge}", told once.
        "badge",
        // A measured goal ended (ADR 274): event key "ended:{goal}", mailed with the member's summary.
        "challenge-ended",
      ],
    }).notNull(),
    goalId: text("goal_id").references(() => goals.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    eventKey: text("event_key").notNull(),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    // When the cron dealt with its e-mail (mailed, or not wanted): it is never looked at again (ADR 187).
    emailedAt: integer("emailed_at", { mode: "timestamp_ms" }),
    /** How many events this one line tells: a goal's unread messages collapse into one line (ADR 217). */
    count: integer("count").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notifications_event_unique").on(t.userId, t.eventKey),
    // One unread "messages" line per member and goal: a new message counts into it (ADR 217).
    uniqueIndex("notifications_unread_messages_unique")
      .on(t.userId, t.goalId)
      .where(sql`kind = 'message' AND read_at IS NULL`),
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_user_unread_idx").on(t.userId, t.readAt),
    // The cron's "not mailed yet, recent" scan.
    index("notifications_unmailed_idx").on(t.emailedAt, t.createdAt),
    // A goal's badge feed, newest first (ADR 271).
    index("notifications_goal_kind_created_idx").on(t.goalId, t.kind, t.createdAt),
    // Read lines the cron may delete, oldest read first (ADR 295): badges are not among them (they are the
    // record that a badge was told, and the goal's badge feed).
    index("notifications_read_idx")
      .on(t.readAt)
      .where(sql`read_at IS NOT NULL AND kind <> 'badge'`),
  ],
);

/**
 * Notification e-mail switches (issue 17, ADR 187): a row only for a topic the member changed; the
 * defaults live in app/features/notifications/notification-email.ts. One-click unsubscribe writes `enabled = false`.
 */
export const emailPreferences = sqliteTable(
  "email_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    topic: text("topic").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topic] })],
);
export type NotificationKind = typeof notifications.$inferSelect.kind;

/**
 * Friends (issue 17, ADR 182): a friendship is two rows, one each way, so "my friends" is one index
 * range. Written and removed in one batch, both rows together.
 */
export const friendships = sqliteTable(
  "friendships",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    friendId: text("friend_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] })],
);

/** Each member's personal invite link: /friends/add/{code}. A new code revokes the old link. */
export const friendLinks = sqliteTable(
  "friend_links",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("friend_links_code_unique").on(t.code)],
);

/**
 * Teams inside a challenge (ADR 270): one settings row per goal that has teams. `membersCreate`: members
 * may start teams (else only the organiser does); `cap`: at most this many members a team (null: no
 * cap), a condition of every join; `ranking`: the team board ranks by the team's total or by the
 * average per member, so a team's size does not decide it.
 */
export const goalTeamSettings = sqliteTable("goal_team_settings", {
  goalId: text("goal_id")
    .primaryKey()
    .references(() => goals.id, { onDelete: "cascade" }),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
  membersCreate: integer("members_create", { mode: "boolean" }).notNull().default(false),
  cap: integer("cap"),
  ranking: text("ranking", { enum: ["total", "average"] })
    .notNull()
    .default("total"),
});

/** A team of a goal. The captain (the organiser's pick, or its creator) renames it and removes members. */
export const teams = sqliteTable(
  "teams",
  {
    id: text("id").primaryKey(),
    goalId: text("goal_id")
      .notNull()
      .references(() => goals.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    captainId: text("captain_id").references(() => users.id, { onDelete: "set null" }),
    // Signed into the team's sponsor link (ADR 275): replacing it revokes that link only.
    sponsorNonce: text("sponsor_nonce"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("teams_goal_name_unique").on(t.goalId, sql`lower("name")`)],
);

/**
 * Who is in which team of a goal: at most one team per member and goal. No figure is stored here: a
 * team's total is its current members' progress_totals (ADR 270), so switching moves a member's credit.
 */
export const teamMembers = sqliteTable(
  "team_members",
  {
    goalId: text("goal_id")
      .notNull()
      .references(() => goals.id, { onDelete: "cascade" }),
    // No foreign key, as progress_entries: follows the member's progress when an account is deleted (ADR 188).
    userId: text("user_id").notNull(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    joinedAt: integer("joined_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.goalId, t.userId] }), index("team_members_team_idx").on(t.teamId)],
);

/**
 * Web Push (ADR 281): one row per device that allowed notifications (the browser's PushSubscription:
 * its push-service endpoint and the keys the payload is encrypted to, RFC 8291). A push service's 404 or
 * 410 deletes the row; the account's deletion takes its rows with it.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(), // the device's P-256 public key, base64url (65 bytes)
    auth: text("auth").notNull(), // the device's auth secret, base64url (16 bytes)
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

/**
 * A member's push choices (ADR 281), the same on each of their devices: the hour of the daily "You
 * haven't logged today" in their time zone (null: none), whether cheers are pushed, and the local day
 * of the last reminder (the cron claims a day by writing it, so a member hears one a day).
 */
export const pushSettings = sqliteTable(
  "push_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    reminderHour: integer("reminder_hour"), // 0-23, the member's local hour
    timeZone: text("time_zone").notNull(), // IANA name, from the device
    cheers: integer("cheers", { mode: "boolean" }).notNull().default(true),
    remindedOn: text("reminded_on"), // 'YYYY-MM-DD' in the member's time zone
  },
  (t) => [index("push_settings_hour_idx").on(t.reminderHour, t.timeZone)],
);
