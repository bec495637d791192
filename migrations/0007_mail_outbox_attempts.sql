ALTER TABLE `mail_outbox` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Before the outbound queue (ADR 125) a failed send was "failed" and never retried: that is "dead" now.
UPDATE `mail_outbox` SET `status` = 'dead' WHERE `status` = 'failed';
