CREATE TABLE `entry_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`goal_id` text NOT NULL,
	`by_user_id` text,
	`rows` integer NOT NULL,
	`total` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`undone_at` integer,
	FOREIGN KEY (`goal_id`) REFERENCES `goals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `entry_imports_goal_idx` ON `entry_imports` (`goal_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `goal_sport_factors` (
	`goal_id` text NOT NULL,
	`sport` text NOT NULL,
	`factor` integer NOT NULL,
	PRIMARY KEY(`goal_id`, `sport`),
	FOREIGN KEY (`goal_id`) REFERENCES `goals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `progress_entries` ADD `sport` text;--> statement-breakpoint
ALTER TABLE `progress_entries` ADD `moving_seconds` integer;--> statement-breakpoint
ALTER TABLE `progress_entries` ADD `file_hash` text;--> statement-breakpoint
ALTER TABLE `progress_entries` ADD `import_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `progress_entries_file_idx` ON `progress_entries` (`goal_id`,`user_id`,`file_hash`);--> statement-breakpoint
CREATE INDEX `progress_entries_import_idx` ON `progress_entries` (`import_id`);