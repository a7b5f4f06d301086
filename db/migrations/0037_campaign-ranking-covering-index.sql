-- The campaign ranking reads every interview of a campaign from this index alone (db/schema/interviews.ts).
DROP INDEX "interviews_org_campaign_candidate_idx";--> statement-breakpoint
CREATE INDEX "interviews_org_campaign_candidate_idx" ON "interviews" USING btree ("org_id","campaign_id","candidate_id","id","status","expires_at","stage_id","completed_at","created_at") WHERE not is_demo;