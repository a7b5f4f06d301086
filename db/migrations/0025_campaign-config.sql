CREATE TABLE "invitation_links" (
	"interview_id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"sealed_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "config_id" text;--> statement-breakpoint
ALTER TABLE "stages" ADD COLUMN "config_id" text;--> statement-breakpoint
ALTER TABLE "interview_configs" ADD COLUMN "provenance" jsonb;--> statement-breakpoint
ALTER TABLE "invitation_links" ADD CONSTRAINT "invitation_links_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_links" ADD CONSTRAINT "invitation_links_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_config_id_interview_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."interview_configs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stages" ADD CONSTRAINT "stages_config_id_interview_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."interview_configs"("id") ON DELETE no action ON UPDATE no action;