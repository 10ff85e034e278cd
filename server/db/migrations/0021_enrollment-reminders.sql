CREATE TABLE "enrollment_reminders" (
	"window_pk" integer NOT NULL,
	"subscriber_pk" integer NOT NULL,
	"sent_on" date NOT NULL,
	CONSTRAINT "enrollment_reminders_pk" PRIMARY KEY("window_pk","subscriber_pk")
);
--> statement-breakpoint
ALTER TABLE "enrollment_reminders" ADD CONSTRAINT "enrollment_reminders_window_pk_enrollment_windows_window_pk_fk" FOREIGN KEY ("window_pk") REFERENCES "public"."enrollment_windows"("window_pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_reminders" ADD CONSTRAINT "enrollment_reminders_subscriber_pk_subscribers_subscriber_pk_fk" FOREIGN KEY ("subscriber_pk") REFERENCES "public"."subscribers"("subscriber_pk") ON DELETE cascade ON UPDATE no action;