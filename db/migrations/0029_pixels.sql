CREATE TABLE `pixel_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`dedupe_key` text NOT NULL,
	`platform` text NOT NULL,
	`name` text NOT NULL,
	`event_id` text NOT NULL,
	`order_id` text,
	`body` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text NOT NULL,
	`lease_until` text,
	`last_result` text,
	`created_at` text NOT NULL,
	`sent_at` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pixel_events_dedupe_key_unique` ON `pixel_events` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `pixel_events_due_idx` ON `pixel_events` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `pixel_events_order_idx` ON `pixel_events` (`order_id`);--> statement-breakpoint
CREATE TABLE `pixel_order_contexts` (
	`order_id` text PRIMARY KEY NOT NULL,
	`fbp` text,
	`fbc` text,
	`ga_client_id` text,
	`client_ip` text,
	`user_agent` text,
	`source_url` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `pixel_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`meta_pixel_id` text,
	`meta_token_sealed` text,
	`ga4_measurement_id` text,
	`ga4_secret_sealed` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
