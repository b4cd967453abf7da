CREATE TABLE `shop_identity` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`color` text DEFAULT '' NOT NULL,
	`legal_name` text DEFAULT '' NOT NULL,
	`document` text DEFAULT '' NOT NULL,
	`address_zip` text DEFAULT '' NOT NULL,
	`address_street` text DEFAULT '' NOT NULL,
	`address_number` text DEFAULT '' NOT NULL,
	`address_complement` text DEFAULT '' NOT NULL,
	`address_neighborhood` text DEFAULT '' NOT NULL,
	`address_city` text DEFAULT '' NOT NULL,
	`address_state` text DEFAULT '' NOT NULL,
	`contact_email` text DEFAULT '' NOT NULL,
	`whatsapp` text DEFAULT '' NOT NULL,
	`pickup_hours` text DEFAULT '' NOT NULL,
	`logo` blob,
	`logo_hash` text,
	`logo_width` integer,
	`logo_height` integer,
	`policy_returns` text,
	`policy_privacy` text,
	`policy_terms` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
-- hand-written: a shop that had named its e-mails keeps that name as its own (the sender name now comes from here).
INSERT INTO `shop_identity` (`id`, `name`) SELECT 1, trim(`sender_name`) FROM `email_settings` WHERE `id` = 1 AND trim(`sender_name`) NOT IN ('', 'Balcão');
