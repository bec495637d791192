CREATE TABLE `progress_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`goal_id` text NOT NULL,
	`user_id` text NOT NULL,
	`amount` integer NOT NULL,
	`day` text NOT NULL,
	`note` text,
	`idempotency_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`goal_id`) REFERENCES `goals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `progress_entries_member_day_idx` ON `progress_entries` (`goal_id`,`user_id`,`day`,`created_at`);--> statement-breakpoint
CREATE INDEX `progress_entries_goal_created_idx` ON `progress_entries` (`goal_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `progress_entries_idempotency_idx` ON `progress_entries` (`user_id`,`idempotency_key`);--> statement-breakpoint
CREATE TABLE `progress_totals` (
	`goal_id` text NOT NULL,
	`user_id` text NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`entries` integer DEFAULT 0 NOT NULL,
	`last_day` text,
	`reached_at` integer NOT NULL,
	PRIMARY KEY(`goal_id`, `user_id`),
	FOREIGN KEY (`goal_id`) REFERENCES `goals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `progress_totals_rank_idx` ON `progress_totals` (`goal_id`,"total" desc,`reached_at`,`user_id`);--> statement-breakpoint
ALTER TABLE `goals` ADD `unit` text;--> statement-breakpoint
ALTER TABLE `goals` ADD `unit_target` integer;--> statement-breakpoint
ALTER TABLE `goals` ADD `group_target` integer;--> statement-breakpoint
ALTER TABLE `pledges` ADD `per_unit` integer;--> statement-breakpoint
ALTER TABLE `pledges` ADD `member_id` text REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `pledges` ADD `max_amount` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `home_seen_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `home_prev_seen_at` integer;