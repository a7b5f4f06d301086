ALTER TABLE "interview_configs" ADD COLUMN "extra_locales" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "language" text;