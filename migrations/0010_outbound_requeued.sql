ALTER TABLE `early_access_requests` ADD `requeued_at` integer;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `requeued_at` integer;