CREATE TABLE `goal_day_totals` (
	`goal_id` text NOT NULL,
	`day` text NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL,
	`entries` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`goal_id`, `day`),
	FOREIGN KEY (`goal_id`) REFERENCES `goals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Kept by triggers (ADR 294): every path that writes an entry keeps its goal's day right, in the same statement.
CREATE TRIGGER `progress_entries_day_insert` AFTER INSERT ON `progress_entries` BEGIN
	INSERT INTO `goal_day_totals` (`goal_id`, `day`, `amount`, `entries`) VALUES (NEW.`goal_id`, NEW.`day`, NEW.`amount`, 1)
	ON CONFLICT (`goal_id`, `day`) DO UPDATE SET `amount` = `amount` + excluded.`amount`, `entries` = `entries` + 1;
END;
CREATE TRIGGER `progress_entries_day_delete` AFTER DELETE ON `progress_entries` BEGIN
	UPDATE `goal_day_totals` SET `amount` = `amount` - OLD.`amount`, `entries` = `entries` - 1 WHERE `goal_id` = OLD.`goal_id` AND `day` = OLD.`day`;
	DELETE FROM `goal_day_totals` WHERE `goal_id` = OLD.`goal_id` AND `day` = OLD.`day` AND `entries` <= 0;
END;
CREATE TRIGGER `progress_entries_day_update` AFTER UPDATE OF `goal_id`, `day`, `amount` ON `progress_entries` BEGIN
	UPDATE `goal_day_totals` SET `amount` = `amount` - OLD.`amount`, `entries` = `entries` - 1 WHERE `goal_id` = OLD.`goal_id` AND `day` = OLD.`day`;
	DELETE FROM `goal_day_totals` WHERE `goal_id` = OLD.`goal_id` AND `day` = OLD.`day` AND `entries` <= 0;
	INSERT INTO `goal_day_totals` (`goal_id`, `day`, `amount`, `entries`) VALUES (NEW.`goal_id`, NEW.`day`, NEW.`amount`, 1)
	ON CONFLICT (`goal_id`, `day`) DO UPDATE SET `amount` = `amount` + excluded.`amount`, `entries` = `entries` + 1;
END;
-- The days entries already have.
INSERT INTO `goal_day_totals` (`goal_id`, `day`, `amount`, `entries`)
	SELECT `goal_id`, `day`, sum(`amount`), count(*) FROM `progress_entries` GROUP BY `goal_id`, `day`;
