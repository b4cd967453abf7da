ALTER TABLE `checkout_drafts` ADD `whatsapp_consent` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `checkout_drafts` ADD `whatsapp_consent_at` text;