DROP INDEX `goals_end_idx`;--> statement-breakpoint
CREATE INDEX `goals_end_cause_idx` ON `goals` (`end`,`cause`);