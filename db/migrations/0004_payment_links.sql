CREATE TABLE `payment_links` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`amount_cents` integer,
	`min_amount_cents` integer,
	`methods` text DEFAULT 'both' NOT NULL,
	`pix_discount` integer DEFAULT true NOT NULL,
	`expires_on` text,
	`max_payments` integer,
	`disabled_at` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_links_code_unique` ON `payment_links` (`code`);--> statement-breakpoint
CREATE INDEX `payment_links_created_idx` ON `payment_links` (`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_order_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` text NOT NULL,
	`product_id` integer,
	`name` text NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`quantity` integer NOT NULL,
	`line_total_cents` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_order_items`("id", "order_id", "product_id", "name", "unit_price_cents", "quantity", "line_total_cents") SELECT "id", "order_id", "product_id", "name", "unit_price_cents", "quantity", "line_total_cents" FROM `order_items`;--> statement-breakpoint
DROP TABLE `order_items`;--> statement-breakpoint
ALTER TABLE `__new_order_items` RENAME TO `order_items`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `order_items_order_idx` ON `order_items` (`order_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `payment_link_id` text REFERENCES payment_links(id);--> statement-breakpoint
CREATE INDEX `orders_link_created_idx` ON `orders` (`payment_link_id`,`created_at`);