ALTER TABLE `orders` ADD `origin_source` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `origin_medium` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `origin_campaign` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `origin_content` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `origin_referrer` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `origin_fbclid` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `origin_gclid` text;--> statement-breakpoint
CREATE INDEX `orders_origin_created_idx` ON `orders` (`origin_source`,`created_at`);