ALTER TABLE "elections" DROP CONSTRAINT "elections_action_ck";--> statement-breakpoint
ALTER TABLE "enrollment_windows" ADD COLUMN "closing_cursor" integer;--> statement-breakpoint
ALTER TABLE "enrollment_windows" ADD COLUMN "closed_by" text;--> statement-breakpoint
ALTER TABLE "enrollment_windows" ADD COLUMN "closing_summary" jsonb;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "window_pk" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_window_pk_enrollment_windows_window_pk_fk" FOREIGN KEY ("window_pk") REFERENCES "public"."enrollment_windows"("window_pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_window_status_idx" ON "requests" USING btree ("window_pk","status") WHERE "requests"."window_pk" is not null;--> statement-breakpoint
ALTER TABLE "elections" ADD CONSTRAINT "elections_action_ck" CHECK ("elections"."action" in ('keep', 'change', 'waive', 'rollover', 'lapse'));