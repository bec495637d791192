ALTER TABLE `goals` ADD `sponsor_nonce` text;--> statement-breakpoint
ALTER TABLE `goals` ADD `sponsoring` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `pledges` ADD `email` text;--> statement-breakpoint
ALTER TABLE `pledges` ADD `updates` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `pledges` ADD `said_paid_at` integer;--> statement-breakpoint
ALTER TABLE `pledges` ADD `settled_on` text;--> statement-breakpoint
ALTER TABLE `pledges` ADD `settled_value` integer;--> statement-breakpoint
ALTER TABLE `pledges` ADD `reminders` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `pledges` ADD `mail_stopped` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `user_goals` ADD `sponsor_nonce` text;