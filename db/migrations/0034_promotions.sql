CREATE TABLE `order_discounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` text NOT NULL,
	`promotion_id` text,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`line_shares` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `order_discounts_order_idx` ON `order_discounts` (`order_id`);--> statement-breakpoint
CREATE INDEX `order_discounts_promotion_idx` ON `order_discounts` (`promotion_id`);--> statement-breakpoint
CREATE TABLE `order_offers` (
	`order_id` text PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`offered_product_id` integer NOT NULL,
	`offered_variant_id` integer,
	`price_cents` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `product_offers` (
	`product_id` integer PRIMARY KEY NOT NULL,
	`offered_product_id` integer NOT NULL,
	`offered_variant_id` integer,
	`price_cents` integer NOT NULL,
	`text` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `promotions` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`scope` text DEFAULT 'shop' NOT NULL,
	`scope_id` integer,
	`rules` text NOT NULL,
	`starts_at` text,
	`ends_at` text,
	`paused_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `promotions_active_idx` ON `promotions` (`paused_at`,`ends_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `promotion_discount_cents` integer DEFAULT 0 NOT NULL;