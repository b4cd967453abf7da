ALTER TABLE `orders` ADD `shipping_priced_by` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipping_service_id` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipping_service_name` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_from_date` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_to_date` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `label_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `label_step` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `label_cost_cents` integer;--> statement-breakpoint
ALTER TABLE `shipping_settings` ADD `carrier_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `shipping_settings` ADD `carrier_token_sealed` text;--> statement-breakpoint
ALTER TABLE `shipping_settings` ADD `carrier_environment` text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE `shipping_settings` ADD `carrier_origin_zip` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `shipping_settings` ADD `carrier_services` text DEFAULT '1,2,3,31' NOT NULL;--> statement-breakpoint
ALTER TABLE `shipping_settings` ADD `handling_days` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `shipping_settings` ADD `carrier_adjust_kind` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `shipping_settings` ADD `carrier_adjust_value` integer DEFAULT 0 NOT NULL;