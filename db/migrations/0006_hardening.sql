ALTER TABLE `users` ADD `session_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `body_sha256` text;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `body_bytes` integer;