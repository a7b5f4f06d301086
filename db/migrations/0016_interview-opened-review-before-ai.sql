ALTER TABLE "organizations" ADD COLUMN "review_before_ai" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "opened_at" timestamp with time zone;