CREATE TABLE `counters` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `number` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_number_idx` ON `orders` (`number`);--> statement-breakpoint
-- hand-written: existing orders are numbered by creation time from #1001, and the counter goes on after them.
UPDATE `orders` SET `number` = `n`.`num` FROM (SELECT `id`, 1000 + ROW_NUMBER() OVER (ORDER BY `created_at`, `id`) AS `num` FROM `orders`) AS `n` WHERE `orders`.`id` = `n`.`id`;--> statement-breakpoint
INSERT INTO `counters` (`name`, `value`) SELECT 'order_number', MAX(`number`) FROM `orders` HAVING MAX(`number`) IS NOT NULL;
