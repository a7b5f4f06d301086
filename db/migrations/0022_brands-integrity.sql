CREATE TABLE "organization_brands" (
	"org_id" text PRIMARY KEY NOT NULL,
	"display_name" text,
	"accent_color" text,
	"logo_id" text,
	"logo_key" text,
	"logo_content_type" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_brands_logo_id_unique" UNIQUE("logo_id")
);
--> statement-breakpoint
CREATE TABLE "integrity_events" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"interview_id" text NOT NULL,
	"client_event_id" text NOT NULL,
	"kind" text NOT NULL,
	"turn_number" integer,
	"duration_ms" integer,
	"characters" integer,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_brands" ADD CONSTRAINT "organization_brands_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrity_events" ADD CONSTRAINT "integrity_events_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integrity_events_client_event_idx" ON "integrity_events" USING btree ("interview_id","client_event_id");--> statement-breakpoint
CREATE INDEX "integrity_events_org_interview_idx" ON "integrity_events" USING btree ("org_id","interview_id");