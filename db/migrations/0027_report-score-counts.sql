CREATE TABLE "report_score_counts" (
	"org_id" text NOT NULL,
	"bucket" smallint NOT NULL,
	"source" text NOT NULL,
	"recommendation" text NOT NULL,
	"count" bigint NOT NULL,
	"score_sum" double precision NOT NULL,
	CONSTRAINT "report_score_counts_org_id_bucket_source_recommendation_pk" PRIMARY KEY("org_id","bucket","source","recommendation")
);
--> statement-breakpoint
DROP INDEX "interviews_org_completed_idx";--> statement-breakpoint
CREATE INDEX "interviews_org_completed_idx" ON "interviews" USING btree ("org_id","completed_at","id") WHERE status = 'COMPLETED';