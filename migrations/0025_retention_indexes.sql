-- Indexes for the cron's bounded retention (ADR 295): each sweep walks one of these and stops at its batch.
CREATE INDEX `mail_outbox_sealed_idx` ON `mail_outbox` (`created_at`) WHERE link_sealed IS NOT NULL;--> statement-breakpoint
CREATE INDEX `notifications_read_idx` ON `notifications` (`read_at`) WHERE read_at IS NOT NULL AND kind <> 'badge';--> statement-breakpoint
CREATE INDEX `password_resets_expires_idx` ON `password_resets` (`expires_at`);--> statement-breakpoint
CREATE INDEX `password_resets_used_idx` ON `password_resets` (`used_at`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `signin_attempts_window_idx` ON `signin_attempts` (`window_start`);