CREATE TABLE `product_variants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`option1` text,
	`option2` text,
	`option3` text,
	`sku` text,
	`price_cents` integer,
	`stock` integer,
	`weight_g` integer,
	`height_cm` integer,
	`width_cm` integer,
	`length_cm` integer,
	`active` integer DEFAULT true NOT NULL,
	`photo_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`photo_id`) REFERENCES `product_photos`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `product_variants_product_idx` ON `product_variants` (`product_id`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `product_variants_sku_idx` ON `product_variants` (`sku`);--> statement-breakpoint
ALTER TABLE `order_items` ADD `variant_id` integer;--> statement-breakpoint
ALTER TABLE `order_items` ADD `sku` text;--> statement-breakpoint
ALTER TABLE `order_items` ADD `variant_name` text;--> statement-breakpoint
ALTER TABLE `products` ADD `options` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `weight_g` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `height_cm` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `width_cm` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `length_cm` integer;--> statement-breakpoint
ALTER TABLE `stock_movements` ADD `variant_id` integer REFERENCES product_variants(id) ON DELETE cascade;--> statement-breakpoint
-- Every existing product becomes one implicit variant with the same id, holding its stock: the
-- shop, carts and orders see no change.
INSERT INTO `product_variants` (`id`, `product_id`, `position`, `stock`, `active`) SELECT `id`, `id`, 0, `stock`, 1 FROM `products`;--> statement-breakpoint
-- The ledger moves to the variant; each key names the variant instead of the product, so a
-- cause still moves a variant's stock once ("stock:<order>:v<variant>:<cause>[:<round>]").
UPDATE `stock_movements` SET `variant_id` = `product_id`, `dedupe_key` = 'stock:' || `order_id` || ':v' || `product_id` || substr(`dedupe_key`, length('stock:' || `order_id` || ':' || `product_id`) + 1);--> statement-breakpoint
UPDATE `order_items` SET `variant_id` = `product_id` WHERE `product_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `stock_movements_variant_idx` ON `stock_movements` (`variant_id`);--> statement-breakpoint
ALTER TABLE `products` DROP COLUMN `stock`;
--> statement-breakpoint
-- Every product has at least its implicit variant, however it is written (the dashboard, an
-- import, the seed, a test's fixture): the stock it is sold from always exists.
CREATE TRIGGER `products_implicit_variant` AFTER INSERT ON `products` BEGIN
  INSERT INTO `product_variants` (`product_id`, `position`) VALUES (new.`id`, 0);
END;
