ALTER TABLE `orders` ADD `label_lease_until` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `label_checked_at` text;