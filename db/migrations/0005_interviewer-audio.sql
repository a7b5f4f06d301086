CREATE TABLE "audio_recordings" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"interview_id" text NOT NULL,
	"kind" text NOT NULL,
	"turn_number" integer,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"duration_ms" integer,
	"transcript" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audio_recordings" ADD CONSTRAINT "audio_recordings_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audio_recordings_interview_idx" ON "audio_recordings" USING btree ("org_id","interview_id","kind","turn_number");