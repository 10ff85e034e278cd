CREATE TABLE "election_dependents" (
	"window_pk" integer NOT NULL,
	"subscriber_pk" integer NOT NULL,
	"people" jsonb NOT NULL,
	CONSTRAINT "election_dependents_pk" PRIMARY KEY("window_pk","subscriber_pk")
);
--> statement-breakpoint
ALTER TABLE "election_dependents" ADD CONSTRAINT "election_dependents_window_pk_enrollment_windows_window_pk_fk" FOREIGN KEY ("window_pk") REFERENCES "public"."enrollment_windows"("window_pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_dependents" ADD CONSTRAINT "election_dependents_subscriber_pk_subscribers_subscriber_pk_fk" FOREIGN KEY ("subscriber_pk") REFERENCES "public"."subscribers"("subscriber_pk") ON DELETE cascade ON UPDATE no action;