CREATE TABLE `product_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`sha256` text NOT NULL,
	`file_name` text NOT NULL,
	`bytes` blob NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`applied_at` text,
	`summary` text,
	`photo_queue` text DEFAULT '[]' NOT NULL,
	`photos_total` integer DEFAULT 0 NOT NULL,
	`photos_done` integer DEFAULT 0 NOT NULL,
	`photos_failed` integer DEFAULT 0 NOT NULL,
	`photo_lease_until` text
);
--> statement-breakpoint
ALTER TABLE `payment_links` ADD `variant_id` integer REFERENCES product_variants(id);--> statement-breakpoint
-- SKUs are unique in the shop whatever their case (lib/catalog/variant-admin.ts, product-import.ts): the import looks each up by lower(sku).
CREATE INDEX `product_variants_sku_lower_idx` ON `product_variants` (lower(`sku`));
