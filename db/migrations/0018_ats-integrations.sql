CREATE TABLE "ats_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"ats" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ats_credentials_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "ats_test_mappings" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"ats" text NOT NULL,
	"name" text NOT NULL,
	"campaign_id" text NOT NULL,
	"stage_id" text,
	"config_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ats_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"ats" text NOT NULL,
	"credential_id" text,
	"mapping_id" text,
	"interview_id" text NOT NULL,
	"candidate_id" text,
	"callback_url" text,
	"callback_auth" text,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ats_writebacks" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"series" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ats_log_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"ats" text NOT NULL,
	"direction" text NOT NULL,
	"operation" text NOT NULL,
	"order_id" text,
	"response_status" integer,
	"duration_ms" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ats_credentials" ADD CONSTRAINT "ats_credentials_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_test_mappings" ADD CONSTRAINT "ats_test_mappings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_test_mappings" ADD CONSTRAINT "ats_test_mappings_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_test_mappings" ADD CONSTRAINT "ats_test_mappings_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_test_mappings" ADD CONSTRAINT "ats_test_mappings_config_id_interview_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."interview_configs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_orders" ADD CONSTRAINT "ats_orders_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_orders" ADD CONSTRAINT "ats_orders_credential_id_ats_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."ats_credentials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_orders" ADD CONSTRAINT "ats_orders_mapping_id_ats_test_mappings_id_fk" FOREIGN KEY ("mapping_id") REFERENCES "public"."ats_test_mappings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_orders" ADD CONSTRAINT "ats_orders_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_writebacks" ADD CONSTRAINT "ats_writebacks_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_writebacks" ADD CONSTRAINT "ats_writebacks_order_id_ats_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ats_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_log_entries" ADD CONSTRAINT "ats_log_entries_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ats_credentials_org_idx" ON "ats_credentials" USING btree ("org_id","ats","created_at");--> statement-breakpoint
CREATE INDEX "ats_test_mappings_org_idx" ON "ats_test_mappings" USING btree ("org_id","ats","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ats_orders_interview_idx" ON "ats_orders" USING btree ("interview_id");--> statement-breakpoint
CREATE INDEX "ats_orders_org_idx" ON "ats_orders" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ats_writebacks_order_kind_idx" ON "ats_writebacks" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "ats_writebacks_org_idx" ON "ats_writebacks" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "ats_log_entries_org_idx" ON "ats_log_entries" USING btree ("org_id","ats","created_at" DESC NULLS LAST);