CREATE TABLE `digital_access` (
	`order_item_id` integer PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`generation` integer DEFAULT 0 NOT NULL,
	`expires_at` text NOT NULL,
	`uses` integer DEFAULT 0 NOT NULL,
	`revoked_at` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`order_item_id`) REFERENCES `order_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `digital_access_order_idx` ON `digital_access` (`order_id`);--> statement-breakpoint
CREATE TABLE `digital_file_chunks` (
	`file_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`bytes` blob NOT NULL,
	PRIMARY KEY(`file_id`, `seq`),
	FOREIGN KEY (`file_id`) REFERENCES `digital_files`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `digital_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`name` text NOT NULL,
	`mime` text NOT NULL,
	`size` integer DEFAULT 0 NOT NULL,
	`parts` integer DEFAULT 0 NOT NULL,
	`expected_parts` integer NOT NULL,
	`sha256` text,
	`complete` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `digital_files_product_idx` ON `digital_files` (`product_id`);--> statement-breakpoint
CREATE TABLE `product_digital` (
	`product_id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`file_id` integer,
	`url` text,
	`text` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`file_id`) REFERENCES `digital_files`(`id`) ON UPDATE no action ON DELETE set null
);
