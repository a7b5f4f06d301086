CREATE TABLE "candidate_self_identifications" (
	"org_id" text NOT NULL,
	"candidate_id" text NOT NULL,
	"sex" text,
	"race_ethnicity" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidate_self_identifications_org_id_candidate_id_pk" PRIMARY KEY("org_id","candidate_id"),
	CONSTRAINT "candidate_self_identifications_sex_check" CHECK ("candidate_self_identifications"."sex" in ('female', 'male', 'declined')),
	CONSTRAINT "candidate_self_identifications_race_ethnicity_check" CHECK ("candidate_self_identifications"."race_ethnicity" in ('hispanic_latino', 'white', 'black_african_american', 'native_hawaiian_pacific_islander', 'asian', 'american_indian_alaska_native', 'two_or_more', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "collect_self_identification" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "candidate_self_identifications" ADD CONSTRAINT "candidate_self_identifications_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_self_identifications" ADD CONSTRAINT "candidate_self_identifications_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_self_identifications_candidate_idx" ON "candidate_self_identifications" USING btree ("candidate_id");