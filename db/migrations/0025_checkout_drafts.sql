CREATE TABLE `abandoned_checkout_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`step1_on` integer DEFAULT true NOT NULL,
	`step1_minutes` integer DEFAULT 60 NOT NULL,
	`step2_on` integer DEFAULT true NOT NULL,
	`step2_minutes` integer DEFAULT 1440 NOT NULL,
	`step2_coupon` text,
	`step3_on` integer DEFAULT true NOT NULL,
	`step3_minutes` integer DEFAULT 4320 NOT NULL,
	`step3_coupon` text
);
--> statement-breakpoint
CREATE TABLE `checkout_drafts` (
	`id` text PRIMARY KEY NOT NULL,
	`session_hash` text NOT NULL,
	`source` text DEFAULT 'cart' NOT NULL,
	`source_ref` text,
	`email` text,
	`phone` text,
	`fields` text DEFAULT '{}' NOT NULL,
	`lines` text DEFAULT '[]' NOT NULL,
	`shipping` text,
	`coupon` text,
	`total_cents` integer DEFAULT 0 NOT NULL,
	`step` text DEFAULT 'contact' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`order_id` text,
	`reminders_sent` integer DEFAULT 0 NOT NULL,
	`reminders_at_conversion` integer,
	`last_reminder_at` text,
	`restore_nonce` integer DEFAULT 0 NOT NULL,
	`abandoned_event_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`converted_at` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `checkout_drafts_due_idx` ON `checkout_drafts` (`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `checkout_drafts_session_idx` ON `checkout_drafts` (`session_hash`);--> statement-breakpoint
CREATE INDEX `checkout_drafts_email_idx` ON `checkout_drafts` (`email`);--> statement-breakpoint
CREATE INDEX `checkout_drafts_order_idx` ON `checkout_drafts` (`order_id`);--> statement-breakpoint
CREATE TABLE `email_opt_outs` (
	`email` text PRIMARY KEY NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
