DROP INDEX "candidates_org_created_idx";--> statement-breakpoint
DROP INDEX "interviews_org_created_idx";--> statement-breakpoint
DROP INDEX "interviews_org_status_created_idx";--> statement-breakpoint
DROP INDEX "interviews_org_job_created_idx";--> statement-breakpoint
DROP INDEX "interviews_org_campaign_created_idx";--> statement-breakpoint
CREATE INDEX "interviews_org_idx" ON "interviews" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "candidates_org_created_idx" ON "candidates" USING btree ("org_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "interviews_org_created_idx" ON "interviews" USING btree ("org_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "interviews_org_status_created_idx" ON "interviews" USING btree ("org_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "interviews_org_job_created_idx" ON "interviews" USING btree ("org_id","job_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "interviews_org_campaign_created_idx" ON "interviews" USING btree ("org_id","campaign_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);