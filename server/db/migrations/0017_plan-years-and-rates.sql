CREATE TABLE "plan_rates" (
	"plan_pk" integer NOT NULL,
	"coverage_option_pk" integer NOT NULL,
	"employee_share" numeric(10, 2) NOT NULL,
	"employer_share" numeric(10, 2) NOT NULL,
	CONSTRAINT "plan_rates_pk" PRIMARY KEY("plan_pk","coverage_option_pk"),
	CONSTRAINT "plan_rates_shares_ck" CHECK ("plan_rates"."employee_share" >= 0 and "plan_rates"."employer_share" >= 0)
);
--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "pay_frequency_pk" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "successor_plan_pk" integer;--> statement-breakpoint
ALTER TABLE "plan_rates" ADD CONSTRAINT "plan_rates_plan_pk_plans_plan_pk_fk" FOREIGN KEY ("plan_pk") REFERENCES "public"."plans"("plan_pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_rates" ADD CONSTRAINT "plan_rates_coverage_option_pk_coverage_options_coverage_option_pk_fk" FOREIGN KEY ("coverage_option_pk") REFERENCES "public"."coverage_options"("coverage_option_pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_successor_plan_pk_plans_plan_pk_fk" FOREIGN KEY ("successor_plan_pk") REFERENCES "public"."plans"("plan_pk") ON DELETE set null ON UPDATE no action;