ALTER TABLE "organizations" ADD COLUMN "decision_email_templates" jsonb;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "reminder_hours_before_expiry" integer;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_org_demo_uq" ON "campaigns" USING btree ("org_id") WHERE is_demo;--> statement-breakpoint
CREATE INDEX "interviews_org_demo_idx" ON "interviews" USING btree ("org_id") WHERE is_demo;