CREATE TABLE `product_photo_files` (
	`photo_id` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`hash` text NOT NULL,
	`bytes` blob NOT NULL,
	PRIMARY KEY(`photo_id`, `width`),
	FOREIGN KEY (`photo_id`) REFERENCES `product_photos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `product_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`position` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_photos_product_idx` ON `product_photos` (`product_id`,`position`);--> statement-breakpoint
CREATE TABLE `product_slug_redirects` (
	`slug` text PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `stock_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`order_id` text NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_movements_dedupe_idx` ON `stock_movements` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `stock_movements_order_idx` ON `stock_movements` (`order_id`);--> statement-breakpoint
ALTER TABLE `merchant_settings` ADD `pix_discount_bps` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `items_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `pix_discount_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `pix_discount_bps` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `stock_short` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `display_order` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `requires_shipping` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `archived_at` text;--> statement-breakpoint
CREATE INDEX `products_catalog_idx` ON `products` (`active`,`display_order`,`id`);--> statement-breakpoint
UPDATE `orders` SET `items_cents` = `total_cents` - `shipping_cents`;--> statement-breakpoint
UPDATE `products` SET `display_order` = `id`;
