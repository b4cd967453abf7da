ALTER TABLE `email_settings` ADD `send_shipped` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `email_settings` ADD `send_ready_for_pickup` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `email_settings` ADD `send_delivered` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `email_settings` ADD `send_new_sale` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `email_settings` ADD `send_late_payment` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `email_settings` ADD `notification_emails` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `fulfillment_status` text DEFAULT 'unfulfilled' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `fulfillment_carrier` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tracking_code` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tracking_url` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipped_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivered_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `ready_for_pickup_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `picked_up_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `fulfillment_by` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `manual_refund_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `manual_refund_reason` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `manual_refunded_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `manual_refunded_by` text;--> statement-breakpoint
CREATE INDEX `orders_fulfillment_paid_idx` ON `orders` (`status`,`fulfillment_status`,`paid_at`);