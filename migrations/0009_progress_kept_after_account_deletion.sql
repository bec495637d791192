-- D1 keeps foreign keys on inside a migration; deferring lets the tables be rebuilt (ADR 188).
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_pledges` (
	`id` text PRIMARY KEY NOT NULL,
	`goal_id` text NOT NULL,
	`user_id` text,
	`name` text NOT NULL,
	`message` text,
	`amount` integer NOT NULL,
	`per_unit` integer,
	`member_id` text,
	`max_amount` integer,
	`anonymous` integer DEFAULT false NOT NULL,
	`paid` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`goal_id`) REFERENCES `goals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_pledges`("id", "goal_id", "user_id", "name", "message", "amount", "per_unit", "member_id", "max_amount", "anonymous", "paid", "created_at") SELECT "id", "goal_id", "user_id", "name", "message", "amount", "per_unit", "member_id", "max_amount", "anonymous", "paid", "created_at" FROM `pledges`;--> statement-breakpoint
DROP TABLE `pledges`;--> statement-breakpoint
ALTER TABLE `__new_pledges` RENAME TO `pledges`;--> statement-breakpoint
CREATE INDEX `pledges_goal_idx` ON `pledges` (`goal_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `__new_progress_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`goal_id` text NOT NULL,
	`user_id` text NOT NULL,
	`amount` integer NOT NULL,
	`day` text NOT NULL,
	`note` text,
	`idempotency_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`goal_id`) REFERENCES `goals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_progress_entries`("id", "goal_id", "user_id", "amount", "day", "note", "idempotency_key", "created_at", "updated_at") SELECT "id", "goal_id", "user_id", "amount", "day", "note", "idempotency_key", "created_at", "updated_at" FROM `progress_entries`;--> statement-breakpoint
DROP TABLE `progress_entries`;--> statement-breakpoint
ALTER TABLE `__new_progress_entries` RENAME TO `progress_entries`;--> statement-breakpoint
CREATE INDEX `progress_entries_member_day_idx` ON `progress_entries` (`goal_id`,`user_id`,`day`,`created_at`);--> statement-breakpoint
CREATE INDEX `progress_entries_goal_created_idx` ON `progress_entries` (`goal_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `progress_entries_idempotency_idx` ON `progress_entries` (`user_id`,`idempotency_key`);--> statement-breakpoint
CREATE TABLE `__new_progress_totals` (
	`goal_id` text NOT NULL,
	`user_id` text NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`entries` integer DEFAULT 0 NOT NULL,
	`last_day` text,
	`reached_at` integer NOT NULL,
	PRIMARY KEY(`goal_id`, `user_id`),
	FOREIGN KEY (`goal_id`) REFERENCES `goals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_progress_totals`("goal_id", "user_id", "total", "entries", "last_day", "reached_at") SELECT "goal_id", "user_id", "total", "entries", "last_day", "reached_at" FROM `progress_totals`;--> statement-breakpoint
DROP TABLE `progress_totals`;--> statement-breakpoint
ALTER TABLE `__new_progress_totals` RENAME TO `progress_totals`;--> statement-breakpoint
CREATE INDEX `progress_totals_rank_idx` ON `progress_totals` (`goal_id`,"total" desc,`reached_at`,`user_id`);--> statement-breakpoint
PRAGMA defer_foreign_keys = off;
