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
