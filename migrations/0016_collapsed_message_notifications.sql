ALTER TABLE `notifications` ADD `count` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Unread message lines already there collapse into the newest of each member and goal (ADR 217).
UPDATE `notifications` SET `count` = (SELECT count(*) FROM `notifications` n WHERE n.`user_id` = `notifications`.`user_id` AND n.`goal_id` = `notifications`.`goal_id` AND n.`kind` = 'message' AND n.`read_at` IS NULL) WHERE `kind` = 'message' AND `read_at` IS NULL;--> statement-breakpoint
DELETE FROM `notifications` WHERE `kind` = 'message' AND `read_at` IS NULL AND `id` <> (SELECT n.`id` FROM `notifications` n WHERE n.`user_id` = `notifications`.`user_id` AND n.`goal_id` = `notifications`.`goal_id` AND n.`kind` = 'message' AND n.`read_at` IS NULL ORDER BY n.`created_at` DESC, n.`id` DESC LIMIT 1);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_unread_messages_unique` ON `notifications` (`user_id`,`goal_id`) WHERE kind = 'message' AND read_at IS NULL;
