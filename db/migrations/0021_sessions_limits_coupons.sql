CREATE TABLE `revoked_sessions` (
	`session_id` text PRIMARY KEY NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `revoked_sessions_expires_idx` ON `revoked_sessions` (`expires_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `coupon_released_at` text;--> statement-breakpoint
ALTER TABLE `rate_limit_counters` ADD `window_ms` integer DEFAULT 60000 NOT NULL;