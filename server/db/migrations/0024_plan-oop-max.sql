ALTER TABLE "plans" ADD COLUMN "oop_max_single" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "oop_max_family" numeric(10, 2);