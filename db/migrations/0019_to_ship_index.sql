DROP INDEX `orders_fulfillment_paid_idx`;--> statement-breakpoint
CREATE INDEX `orders_to_ship_idx` ON `orders` (`status`,`fulfillment_status`,`shipping_method`,`paid_at`);