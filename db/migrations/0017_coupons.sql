CREATE TABLE `coupons` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`kind` text NOT NULL,
	`value` integer NOT NULL,
	`min_subtotal_cents` integer DEFAULT 0 NOT NULL,
	`starts_on` text,
	`ends_on` text,
	`max_uses` integer,
	`uses_count` integer DEFAULT 0 NOT NULL,
	`one_per_document` integer DEFAULT false NOT NULL,
	`disabled_at` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_code_idx` ON `coupons` (`code`);--> statement-breakpoint
ALTER TABLE `orders` ADD `coupon_code` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `coupon_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `coupon_discount_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_coupon_document_idx` ON `orders` (`coupon_id`,`buyer_document`);--> statement-breakpoint
ALTER TABLE `payment_links` ADD `allow_coupons` integer DEFAULT false NOT NULL;