ALTER TABLE `pledges` ADD `idempotency_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `pledges_idempotency_idx` ON `pledges` (`goal_id`,`idempotency_key`);