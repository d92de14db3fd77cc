ALTER TABLE "user_settings" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "clock" text DEFAULT 'auto' NOT NULL;