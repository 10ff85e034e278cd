ALTER TABLE "audit_events" ADD COLUMN "actor_email" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "endpoint" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "status" integer;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "records" text[];--> statement-breakpoint
CREATE INDEX "audit_events_records_idx" ON "audit_events" USING gin ("records");--> statement-breakpoint
CREATE INDEX "audit_events_actor_at_idx" ON "audit_events" USING btree ("actor","at");