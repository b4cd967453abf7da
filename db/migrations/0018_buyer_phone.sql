ALTER TABLE `merchant_settings` ADD `require_buyer_phone` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `buyer_phone` text;