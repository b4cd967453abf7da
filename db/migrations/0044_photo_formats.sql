PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_product_photo_files` (
	`photo_id` integer NOT NULL,
	`width` integer NOT NULL,
	`format` text DEFAULT 'webp' NOT NULL,
	`height` integer NOT NULL,
	`hash` text NOT NULL,
	`bytes` blob NOT NULL,
	PRIMARY KEY(`photo_id`, `width`, `format`),
	FOREIGN KEY (`photo_id`) REFERENCES `product_photos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_product_photo_files`("photo_id", "width", "format", "height", "hash", "bytes") SELECT "photo_id", "width", 'webp', "height", "hash", "bytes" FROM `product_photo_files`;--> statement-breakpoint
DROP TABLE `product_photo_files`;--> statement-breakpoint
ALTER TABLE `__new_product_photo_files` RENAME TO `product_photo_files`;--> statement-breakpoint
-- The rebuild drops the table's triggers: the feeds' catalog version (0040) follows its files again.
CREATE TRIGGER `feed_version_product_photo_files_insert` AFTER INSERT ON `product_photo_files` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_product_photo_files_update` AFTER UPDATE ON `product_photo_files` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `feed_version_product_photo_files_delete` AFTER DELETE ON `product_photo_files` BEGIN UPDATE `feed_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
PRAGMA foreign_keys=ON;
