DROP INDEX "interviews_org_report_score_desc_idx";--> statement-breakpoint
DROP INDEX "interviews_org_report_score_asc_idx";--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "effective_score" real;--> statement-breakpoint
CREATE INDEX "interviews_org_effective_score_desc_idx" ON "interviews" USING btree ("org_id","effective_score" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "interviews_org_effective_score_asc_idx" ON "interviews" USING btree ("org_id","effective_score","id");