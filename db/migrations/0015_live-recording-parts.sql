CREATE TABLE "audio_recording_parts" (
	"id" text PRIMARY KEY NOT NULL,
	"recording_id" text NOT NULL,
	"org_id" text NOT NULL,
	"at_byte" bigint NOT NULL,
	"byte_size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"source_offset" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audio_recordings" ADD COLUMN "layout" text DEFAULT 'object' NOT NULL;--> statement-breakpoint
ALTER TABLE "audio_recording_parts" ADD CONSTRAINT "audio_recording_parts_recording_id_audio_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."audio_recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audio_recording_parts_recording_idx" ON "audio_recording_parts" USING btree ("recording_id","at_byte");--> statement-breakpoint
CREATE UNIQUE INDEX "audio_recordings_one_live_session" ON "audio_recordings" USING btree ("interview_id") WHERE kind = 'session' and layout = 'parts';