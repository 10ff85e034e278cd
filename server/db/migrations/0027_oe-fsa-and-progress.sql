CREATE TABLE "election_fsa" (
	"window_pk" integer NOT NULL,
	"subscriber_pk" integer NOT NULL,
	"plan_pk" integer NOT NULL,
	"amount" text NOT NULL,
	CONSTRAINT "election_fsa_pk" PRIMARY KEY("window_pk","subscriber_pk","plan_pk")
);
--> statement-breakpoint
CREATE TABLE "enrollment_views" (
	"window_pk" integer NOT NULL,
	"subscriber_pk" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrollment_views_pk" PRIMARY KEY("window_pk","subscriber_pk")
);
--> statement-breakpoint
ALTER TABLE "election_dependents" ADD COLUMN "removed_dependent_pks" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollment_windows" ADD COLUMN "in_progress_members" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "election_fsa" ADD CONSTRAINT "election_fsa_window_pk_enrollment_windows_window_pk_fk" FOREIGN KEY ("window_pk") REFERENCES "public"."enrollment_windows"("window_pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_fsa" ADD CONSTRAINT "election_fsa_subscriber_pk_subscribers_subscriber_pk_fk" FOREIGN KEY ("subscriber_pk") REFERENCES "public"."subscribers"("subscriber_pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_fsa" ADD CONSTRAINT "election_fsa_plan_pk_plans_plan_pk_fk" FOREIGN KEY ("plan_pk") REFERENCES "public"."plans"("plan_pk") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_views" ADD CONSTRAINT "enrollment_views_window_pk_enrollment_windows_window_pk_fk" FOREIGN KEY ("window_pk") REFERENCES "public"."enrollment_windows"("window_pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_views" ADD CONSTRAINT "enrollment_views_subscriber_pk_subscribers_subscriber_pk_fk" FOREIGN KEY ("subscriber_pk") REFERENCES "public"."subscribers"("subscriber_pk") ON DELETE cascade ON UPDATE no action;