CREATE TABLE `archive_erasures` (
	`goal_id` text NOT NULL,
	`user_id` text NOT NULL,
	`anonymous_id` text NOT NULL,
	PRIMARY KEY(`goal_id`, `user_id`),
	FOREIGN KEY (`goal_id`) REFERENCES `goals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `entry_archives` (
	`goal_id` text PRIMARY KEY NOT NULL,
	`key` text,
	`entries` integer NOT NULL,
	`amount` integer NOT NULL,
	`bytes` integer NOT NULL,
	`archived_at` integer NOT NULL,
	`cleared_at` integer,
	FOREIGN KEY (`goal_id`) REFERENCES `goals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `entry_archives_clearing_idx` ON `entry_archives` (`archived_at`) WHERE cleared_at IS NULL;--> statement-breakpoint
ALTER TABLE `goals` ADD `archived_at` integer;--> statement-breakpoint
CREATE INDEX `goals_to_archive_idx` ON `goals` (`end`) WHERE archived_at IS NULL AND "end" IS NOT NULL;--> statement-breakpoint
-- The archive (ADR 303): deleting an archived goal's entry rows leaves its day totals as they were (the chart
-- keeps reading them), and no entry is written into an archived goal whatever the path (its totals are final).
DROP TRIGGER `progress_entries_day_delete`;
CREATE TRIGGER `progress_entries_day_delete` AFTER DELETE ON `progress_entries`
WHEN (SELECT `archived_at` FROM `goals` WHERE `id` = OLD.`goal_id`) IS NULL BEGIN
	UPDATE `goal_day_totals` SET `amount` = `amount` - OLD.`amount`, `entries` = `entries` - 1 WHERE `goal_id` = OLD.`goal_id` AND `day` = OLD.`day`;
	DELETE FROM `goal_day_totals` WHERE `goal_id` = OLD.`goal_id` AND `day` = OLD.`day` AND `entries` <= 0;
END;
CREATE TRIGGER `progress_entries_archived_insert` BEFORE INSERT ON `progress_entries`
WHEN (SELECT `archived_at` FROM `goals` WHERE `id` = NEW.`goal_id`) IS NOT NULL BEGIN
	SELECT RAISE(IGNORE);
END;
