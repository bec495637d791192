CREATE TABLE `email_preferences` (
	`user_id` text NOT NULL,
	`topic` text NOT NULL,
	`enabled` integer NOT NULL,
	PRIMARY KEY(`user_id`, `topic`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `notifications` ADD `emailed_at` integer;--> statement-breakpoint
CREATE INDEX `notifications_unmailed_idx` ON `notifications` (`emailed_at`,`created_at`);