ALTER TABLE "ats_credentials" ADD COLUMN "signing_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "ats_test_mappings" ADD COLUMN "ats_stage_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "ats_test_mappings_stage_idx" ON "ats_test_mappings" USING btree ("org_id","ats","ats_stage_id") WHERE "ats_test_mappings"."ats_stage_id" is not null;