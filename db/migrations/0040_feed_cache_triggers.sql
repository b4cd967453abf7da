-- The feeds' catalog version (lib/feeds/cache.ts): bumped by every write to what a feed is made of,
-- from any process or code path, so a stored feed is never served after such a change.
INSERT INTO `feed_version` (`id`, `version`) VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER `feed_version_products_insert` AFTER INSERT ON `products` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_products_update` AFTER UPDATE ON `products` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_products_delete` AFTER DELETE ON `products` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_product_variants_insert` AFTER INSERT ON `product_variants` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_product_variants_update` AFTER UPDATE ON `product_variants` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_product_variants_delete` AFTER DELETE ON `product_variants` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_product_photos_insert` AFTER INSERT ON `product_photos` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_product_photos_update` AFTER UPDATE ON `product_photos` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_product_photos_delete` AFTER DELETE ON `product_photos` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_product_photo_files_insert` AFTER INSERT ON `product_photo_files` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_product_photo_files_update` AFTER UPDATE ON `product_photo_files` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_product_photo_files_delete` AFTER DELETE ON `product_photo_files` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_product_categories_insert` AFTER INSERT ON `product_categories` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_product_categories_update` AFTER UPDATE ON `product_categories` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_product_categories_delete` AFTER DELETE ON `product_categories` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_categories_insert` AFTER INSERT ON `categories` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_categories_update` AFTER UPDATE ON `categories` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_categories_delete` AFTER DELETE ON `categories` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_feed_category_map_insert` AFTER INSERT ON `feed_category_map` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_feed_category_map_update` AFTER UPDATE ON `feed_category_map` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_feed_category_map_delete` AFTER DELETE ON `feed_category_map` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_promotions_insert` AFTER INSERT ON `promotions` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_promotions_update` AFTER UPDATE ON `promotions` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_promotions_delete` AFTER DELETE ON `promotions` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_shop_identity_insert` AFTER INSERT ON `shop_identity` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_shop_identity_update` AFTER UPDATE ON `shop_identity` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_shop_identity_delete` AFTER DELETE ON `shop_identity` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_feed_settings_insert` AFTER INSERT ON `feed_settings` WHEN NEW.`brand` <> '' OR NEW.`include_digital` <> 0 BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_feed_settings_update` AFTER UPDATE OF `brand`, `include_digital` ON `feed_settings` WHEN NEW.`brand` IS NOT OLD.`brand` OR NEW.`include_digital` IS NOT OLD.`include_digital` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
