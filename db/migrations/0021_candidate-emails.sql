ALTER TABLE "organizations" ADD COLUMN "decision_email_templates" jsonb;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "reminder_hours_before_expiry" integer;