-- API keys get scopes (docs/api.md, "Keys"). Keys made before scopes existed take the narrowest:
-- only the orders of their own checkout sessions, and no refunds (the column defaults below).
-- The creator columns reference users with ON DELETE SET NULL, added by hand: drizzle-kit's
-- ALTER TABLE ADD leaves the action out, and a plain reference would refuse "Remover acesso".
ALTER TABLE `api_keys` ADD `order_scope` text DEFAULT 'own' NOT NULL;--> statement-breakpoint
ALTER TABLE `api_keys` ADD `allow_refunds` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `api_keys` ADD `created_by` integer REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `api_keys` ADD `created_by_email` text;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `created_by` integer REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `created_by_email` text;--> statement-breakpoint
CREATE INDEX `api_idempotency_created_idx` ON `api_idempotency` (`created_at`);
