-- A visit is any screen of the goal now (ADR 190). Memberships start from the last home visit (the old
-- rule), so nobody who was around is reminded when this lands.
ALTER TABLE `user_goals` ADD `visited_on` text;--> statement-breakpoint
UPDATE `user_goals` SET `visited_on` = (SELECT date(`home_seen_at` / 1000, 'unixepoch') FROM `users` WHERE `users`.`id` = `user_goals`.`user_id`) WHERE `visited_on` IS NULL;
