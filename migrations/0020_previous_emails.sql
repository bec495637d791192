CREATE TABLE `previous_emails` (
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `email`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Addresses changed before this table existed (ADR 219): the "address was changed" mail went to the old
-- address and names the new one ("... is now {new}.\n"); followed back from every account's current
-- address, so a chain of changes is found. Only mail still in the outbox (30 days) can tell.
INSERT OR IGNORE INTO `previous_emails` (`user_id`, `email`)
WITH RECURSIVE `changed`(`old`, `new`) AS (
  SELECT `to`, substr(`text`, instr(`text`, ' is now ') + 8, instr(`text`, '.' || char(10)) - instr(`text`, ' is now ') - 8)
  FROM `mail_outbox` WHERE `kind` = 'email-changed' AND instr(`text`, ' is now ') > 0 AND instr(`text`, '.' || char(10)) > 0
), `chain`(`user_id`, `email`) AS (
  SELECT `users`.`id`, `changed`.`old` FROM `changed` JOIN `users` ON `users`.`email` = `changed`.`new`
  UNION
  SELECT `chain`.`user_id`, `changed`.`old` FROM `chain` JOIN `changed` ON `changed`.`new` = `chain`.`email`
)
SELECT `chain`.`user_id`, `chain`.`email` FROM `chain` JOIN `users` ON `users`.`id` = `chain`.`user_id` WHERE `chain`.`email` <> `users`.`email`;
