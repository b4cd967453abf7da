CREATE TABLE `whatsapp_opt_outs` (
	`phone` text PRIMARY KEY NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `whatsapp_outbox` (
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
	`wamid` text,
	`delivery` text,
	`delivery_error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`sent_at` text,
	`delivered_at` text,
	`read_at` text,
	`failed_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_outbox_dedupe_key_unique` ON `whatsapp_outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `whatsapp_outbox_due_idx` ON `whatsapp_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `whatsapp_outbox_order_idx` ON `whatsapp_outbox` (`order_id`,`id`);--> statement-breakpoint
CREATE INDEX `whatsapp_outbox_recipient_idx` ON `whatsapp_outbox` (`recipient`,`created_at`);--> statement-breakpoint
CREATE INDEX `whatsapp_outbox_wamid_idx` ON `whatsapp_outbox` (`wamid`);--> statement-breakpoint
CREATE TABLE `whatsapp_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`phone_number_id` text DEFAULT '' NOT NULL,
	`business_account_id` text DEFAULT '' NOT NULL,
	`token_sealed` text,
	`app_secret_sealed` text,
	`verify_token` text DEFAULT '' NOT NULL,
	`send_instructions` integer DEFAULT true NOT NULL,
	`send_paid` integer DEFAULT true NOT NULL,
	`send_shipped` integer DEFAULT true NOT NULL,
	`send_cart_reminder` integer DEFAULT false NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `whatsapp_consent` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `whatsapp_consent_at` text;