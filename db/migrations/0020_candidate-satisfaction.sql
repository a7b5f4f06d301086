ALTER TABLE "interviews" ADD COLUMN "satisfaction_score" smallint;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "satisfaction_comment" text;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "satisfaction_at" timestamp with time zone;