CREATE TABLE "interview_decisions" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"interview_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"decided_by_type" text NOT NULL,
	"decided_by_id" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "human_reviews" (
	"report_id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"overall_score" real NOT NULL,
	"reviewed_by_type" text NOT NULL,
	"reviewed_by_id" text NOT NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interview_decisions" ADD CONSTRAINT "interview_decisions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_decisions" ADD CONSTRAINT "interview_decisions_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "human_reviews" ADD CONSTRAINT "human_reviews_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "human_reviews" ADD CONSTRAINT "human_reviews_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interview_decisions_current_idx" ON "interview_decisions" USING btree ("interview_id") WHERE superseded_at is null;--> statement-breakpoint
CREATE INDEX "interview_decisions_org_interview_idx" ON "interview_decisions" USING btree ("org_id","interview_id","decided_at");