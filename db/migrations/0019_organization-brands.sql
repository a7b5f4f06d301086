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
ALTER TABLE "organization_brands" ADD CONSTRAINT "organization_brands_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;