ALTER TABLE `merchant_settings` ADD `stock_hold_minutes` integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `link_over_limit` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `email_outbox_recipient_idx` ON `email_outbox` (`recipient`,`created_at`);