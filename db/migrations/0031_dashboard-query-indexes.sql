-- The candidate search's trigram index (candidates_search_trgm_idx) needs pg_trgm; PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "campaign_interview_counts" (
	"org_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"status" text NOT NULL,
	"interviews" bigint NOT NULL,
	"reports" bigint NOT NULL,
	"ready_reports" bigint NOT NULL,
	"scored_reports" bigint NOT NULL,
	"score_sum" double precision NOT NULL,
	CONSTRAINT "campaign_interview_counts_org_id_campaign_id_status_pk" PRIMARY KEY("org_id","campaign_id","status")
);
--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "report_score" real;--> statement-breakpoint
CREATE INDEX "candidates_search_trgm_idx" ON "candidates" USING gin ("email" gin_trgm_ops,"first_name" gin_trgm_ops,"last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "candidates_org_name_idx" ON "candidates" USING btree ("org_id",lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')),"id");--> statement-breakpoint
CREATE INDEX "interviews_org_report_score_desc_idx" ON "interviews" USING btree ("org_id","report_score" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "interviews_org_report_score_asc_idx" ON "interviews" USING btree ("org_id","report_score","id");--> statement-breakpoint
CREATE INDEX "interviews_org_campaign_candidate_idx" ON "interviews" USING btree ("org_id","campaign_id","candidate_id") WHERE not is_demo;--> statement-breakpoint
CREATE INDEX "interviews_org_campaign_invited_expiry_idx" ON "interviews" USING btree ("org_id","campaign_id","expires_at") WHERE status = 'INVITED' and not is_demo;