ALTER TABLE `subscriptions` ADD `whatsapp_consent` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `whatsapp_consent_at` text;