CREATE TABLE `subscription_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`lead_days_pix` integer DEFAULT 1 NOT NULL,
	`lead_days_boleto` integer DEFAULT 3 NOT NULL,
	`max_unpaid_in_row` integer DEFAULT 3 NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
