ALTER TABLE "interviews" ADD COLUMN "answer_mode" text;--> statement-breakpoint
ALTER TABLE "turns" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "turns" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "turns" ADD COLUMN "offset_ms" integer;--> statement-breakpoint
ALTER TABLE "turns" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_answer_mode_check" CHECK ("interviews"."answer_mode" in ('live', 'recorded', 'written'));--> statement-breakpoint
ALTER TABLE "turns" ADD CONSTRAINT "turns_ended_after_started_check" CHECK ("turns"."ended_at" >= "turns"."started_at");--> statement-breakpoint
ALTER TABLE "turns" ADD CONSTRAINT "turns_offset_ms_check" CHECK ("turns"."offset_ms" >= 0);--> statement-breakpoint
ALTER TABLE "turns" ADD CONSTRAINT "turns_duration_ms_check" CHECK ("turns"."duration_ms" >= 0);