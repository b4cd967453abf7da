DROP INDEX `payments_order_id_unique`;--> statement-breakpoint
ALTER TABLE `payments` ADD `attempt` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `superseded_at` text;--> statement-breakpoint
CREATE INDEX `payments_order_idx` ON `payments` (`order_id`,`attempt`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_current_attempt_idx` ON `payments` (`order_id`) WHERE superseded_at is null;--> statement-breakpoint
ALTER TABLE `orders` ADD `double_paid_at` text;