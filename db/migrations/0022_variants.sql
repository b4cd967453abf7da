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
--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug_unique` ON `categories` (`slug`);--> statement-breakpoint
CREATE TABLE `product_categories` (
	`product_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	PRIMARY KEY(`product_id`, `category_id`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_categories_category_idx` ON `product_categories` (`category_id`,`product_id`);
--> statement-breakpoint
-- Search (lib/catalog/search.ts): one row per product (rowid = products.id) with its name,
-- description, SKUs and categories; unicode61 with remove_diacritics folds case and accents
-- ("cafe" finds "Café"). Kept by triggers, so every writer (dashboard, import, seed) keeps it.
CREATE VIRTUAL TABLE `products_fts` USING fts5(`name`, `description`, `skus`, `categories`, tokenize = 'unicode61 remove_diacritics 2');--> statement-breakpoint
INSERT INTO `products_fts` (rowid, `name`, `description`, `skus`, `categories`) SELECT `id`, `name`, `description`, '', '' FROM `products`;--> statement-breakpoint
CREATE TRIGGER `products_fts_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO `products_fts` (rowid, `name`, `description`, `skus`, `categories`) VALUES (new.`id`, new.`name`, new.`description`, '', '');
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_update` AFTER UPDATE OF `name`, `description` ON `products` BEGIN
  UPDATE `products_fts` SET `name` = new.`name`, `description` = new.`description` WHERE rowid = new.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_delete` AFTER DELETE ON `products` BEGIN
  DELETE FROM `products_fts` WHERE rowid = old.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_sku_insert` AFTER INSERT ON `product_variants` BEGIN
  UPDATE `products_fts` SET `skus` = (SELECT coalesce(group_concat(`sku`, ' '), '') FROM `product_variants` WHERE `product_id` = new.`product_id`) WHERE rowid = new.`product_id`;
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_sku_update` AFTER UPDATE OF `sku` ON `product_variants` BEGIN
  UPDATE `products_fts` SET `skus` = (SELECT coalesce(group_concat(`sku`, ' '), '') FROM `product_variants` WHERE `product_id` = new.`product_id`) WHERE rowid = new.`product_id`;
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_category_insert` AFTER INSERT ON `product_categories` BEGIN
  UPDATE `products_fts` SET `categories` = (SELECT coalesce(group_concat(c.`name`, ' '), '') FROM `product_categories` pc JOIN `categories` c ON c.`id` = pc.`category_id` WHERE pc.`product_id` = new.`product_id`) WHERE rowid = new.`product_id`;
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_category_delete` AFTER DELETE ON `product_categories` BEGIN
  UPDATE `products_fts` SET `categories` = (SELECT coalesce(group_concat(c.`name`, ' '), '') FROM `product_categories` pc JOIN `categories` c ON c.`id` = pc.`category_id` WHERE pc.`product_id` = old.`product_id`) WHERE rowid = old.`product_id`;
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_category_rename` AFTER UPDATE OF `name` ON `categories` BEGIN
  UPDATE `products_fts` SET `categories` = (SELECT coalesce(group_concat(c.`name`, ' '), '') FROM `product_categories` pc JOIN `categories` c ON c.`id` = pc.`category_id` WHERE pc.`product_id` = `products_fts`.rowid) WHERE rowid IN (SELECT `product_id` FROM `product_categories` WHERE `category_id` = new.`id`);
END;
