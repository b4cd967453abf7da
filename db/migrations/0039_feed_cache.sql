CREATE TABLE `feed_cache` (
	`channel` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`app_url` text NOT NULL,
	`built_at` text NOT NULL,
	`valid_until` text,
	`body` text NOT NULL,
	`etag` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `feed_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
