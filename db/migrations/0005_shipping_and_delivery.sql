CREATE TABLE `shipping_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`national_cents` integer,
	`region_cents` text DEFAULT '{}' NOT NULL,
	`uf_cents` text DEFAULT '{}' NOT NULL,
	`free_above_cents` integer,
	`pickup_enabled` integer DEFAULT false NOT NULL,
	`pickup_address` text DEFAULT '' NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `shipping_method` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipping_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_zip` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_street` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_number` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_complement` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_neighborhood` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_city` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_state` text;