CREATE TABLE `subscription_cycles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscription_id` text NOT NULL,
	`cycle` integer NOT NULL,
	`cycle_date` text NOT NULL,
	`status` text NOT NULL,
	`checkout_key` text NOT NULL,
	`order_id` text,
	`amount_cents` integer,
	`lease_until` text,
	`note` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`settled_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscription_cycles_checkout_key_unique` ON `subscription_cycles` (`checkout_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscription_cycles_once` ON `subscription_cycles` (`subscription_id`,`cycle`);--> statement-breakpoint
CREATE INDEX `subscription_cycles_status_idx` ON `subscription_cycles` (`status`);--> statement-breakpoint
CREATE TABLE `subscription_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscription_id` text NOT NULL,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`detail` text,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `subscription_log_sub_idx` ON `subscription_log` (`subscription_id`,`id`);--> statement-breakpoint
CREATE TABLE `subscription_plans` (
	`product_id` integer PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`interval_months` integer DEFAULT 1 NOT NULL,
	`discount_bps` integer DEFAULT 0 NOT NULL,
	`also_once` integer DEFAULT true NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`product_id` integer NOT NULL,
	`variant_id` integer NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`new_unit_price_cents` integer,
	`new_price_from_cycle` integer,
	`interval_months` integer NOT NULL,
	`anchor_day` integer NOT NULL,
	`start_date` text NOT NULL,
	`method` text NOT NULL,
	`buyer_name` text NOT NULL,
	`buyer_document` text NOT NULL,
	`buyer_email` text NOT NULL,
	`buyer_phone` text,
	`shipping_method` text DEFAULT 'delivery' NOT NULL,
	`freight_service_id` text,
	`zip` text,
	`street` text,
	`number` text,
	`complement` text,
	`neighborhood` text,
	`city` text,
	`state` text,
	`first_order_id` text,
	`next_cycle` integer DEFAULT 1 NOT NULL,
	`next_create_on` text NOT NULL,
	`paused_until_cycle` integer,
	`unpaid_in_row` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`activated_at` text,
	`suspended_at` text,
	`canceled_at` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_token_unique` ON `subscriptions` (`token`);--> statement-breakpoint
CREATE INDEX `subscriptions_due_idx` ON `subscriptions` (`status`,`next_create_on`);--> statement-breakpoint
CREATE INDEX `subscriptions_product_idx` ON `subscriptions` (`product_id`);