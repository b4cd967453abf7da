CREATE TABLE `account_policy` (
	`id` integer PRIMARY KEY NOT NULL,
	`require_two_factor` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE `account_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`user_id` integer,
	`email` text NOT NULL,
	`role` text,
	`token_sha256` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_tokens_token_sha256_unique` ON `account_tokens` (`token_sha256`);--> statement-breakpoint
CREATE INDEX `account_tokens_email_idx` ON `account_tokens` (`email`,`created_at`);--> statement-breakpoint
CREATE TABLE `activity_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`actor_id` integer,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`summary` text NOT NULL,
	`target` text,
	`ip` text
);
--> statement-breakpoint
CREATE INDEX `activity_log_at_idx` ON `activity_log` (`at`);--> statement-breakpoint
CREATE INDEX `activity_log_actor_idx` ON `activity_log` (`actor_email`,`at`);--> statement-breakpoint
CREATE INDEX `activity_log_action_idx` ON `activity_log` (`action`,`at`);--> statement-breakpoint
CREATE TABLE `rate_limit_counters` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_counters_window_idx` ON `rate_limit_counters` (`window_start`);--> statement-breakpoint
CREATE TABLE `totp_recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`code_sha256` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `totp_recovery_codes_user_idx` ON `totp_recovery_codes` (`user_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`dedupe_key` text NOT NULL,
	`order_id` text,
	`kind` text NOT NULL,
	`recipient` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`lease_until` text,
	`last_error` text,
	`transport` text,
	`message_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`sent_at` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_email_outbox`("id", "dedupe_key", "order_id", "kind", "recipient", "status", "attempts", "next_attempt_at", "lease_until", "last_error", "transport", "message_id", "created_at", "updated_at", "sent_at") SELECT "id", "dedupe_key", "order_id", "kind", "recipient", "status", "attempts", "next_attempt_at", "lease_until", "last_error", "transport", "message_id", "created_at", "updated_at", "sent_at" FROM `email_outbox`;--> statement-breakpoint
-- hand-written: migrations run in one transaction, where PRAGMA foreign_keys=OFF does nothing, so dropping
-- email_outbox would cascade to email_attempts: keep its rows aside and put them back after the rename.
CREATE TEMP TABLE `keep_email_attempts` AS SELECT * FROM `email_attempts`;--> statement-breakpoint
DROP TABLE `email_outbox`;--> statement-breakpoint
ALTER TABLE `__new_email_outbox` RENAME TO `email_outbox`;--> statement-breakpoint
-- hand-written: the attempts kept above.
INSERT INTO `email_attempts` SELECT * FROM `keep_email_attempts`;--> statement-breakpoint
DROP TABLE `keep_email_attempts`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_dedupe_key_unique` ON `email_outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `email_outbox_due_idx` ON `email_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_order_idx` ON `email_outbox` (`order_id`,`id`);--> statement-breakpoint
CREATE INDEX `email_outbox_recipient_idx` ON `email_outbox` (`recipient`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `totp_secret` text;--> statement-breakpoint
ALTER TABLE `users` ADD `totp_enabled_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `totp_last_step` integer;--> statement-breakpoint
-- hand-written: the activity log is append-only; only rows older than a year may be deleted (the sweep).
CREATE TRIGGER `activity_log_no_update` BEFORE UPDATE ON `activity_log` BEGIN SELECT RAISE(ABORT, 'activity_log is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `activity_log_no_delete` BEFORE DELETE ON `activity_log` WHEN old.`at` > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 year') BEGIN SELECT RAISE(ABORT, 'activity_log is append-only'); END;
