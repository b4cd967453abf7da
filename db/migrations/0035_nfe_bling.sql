CREATE TABLE `bling_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`access_token_sealed` text,
	`refresh_token_sealed` text,
	`access_expires_at` text,
	`refresh_lease_until` text,
	`embedded` integer DEFAULT false NOT NULL,
	`connected_at` text,
	`oauth_state_hash` text,
	`oauth_state_expires_at` text,
	`nature_id` text,
	`nature_name` text,
	`series` integer DEFAULT 1 NOT NULL,
	`auto_emit` integer DEFAULT false NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `order_invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`dedupe_key` text NOT NULL,
	`reference` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text NOT NULL,
	`lease_until` text,
	`last_error` text,
	`invoice_status` text DEFAULT 'processing' NOT NULL,
	`bling_contact_id` text,
	`bling_note_id` text,
	`situation` integer,
	`access_key` text,
	`number` text,
	`series` integer,
	`danfe_link` text,
	`xml_link` text,
	`rejection_reason` text,
	`authorized_at` text,
	`canceled_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_invoices_dedupe_key_unique` ON `order_invoices` (`dedupe_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `order_invoices_reference_unique` ON `order_invoices` (`reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `order_invoices_order_attempt_idx` ON `order_invoices` (`order_id`,`attempt`);--> statement-breakpoint
CREATE INDEX `order_invoices_due_idx` ON `order_invoices` (`status`,`next_attempt_at`);--> statement-breakpoint
ALTER TABLE `product_variants` ADD `ncm` text;--> statement-breakpoint
ALTER TABLE `product_variants` ADD `origin` integer;--> statement-breakpoint
ALTER TABLE `product_variants` ADD `gtin` text;--> statement-breakpoint
ALTER TABLE `products` ADD `ncm` text;--> statement-breakpoint
ALTER TABLE `products` ADD `origin` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `gtin` text;