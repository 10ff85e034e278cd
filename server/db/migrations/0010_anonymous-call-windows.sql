CREATE TABLE "anonymous_call_windows" (
	"address" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"calls" integer NOT NULL,
	"throttled" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "anonymous_call_windows_address_window_start_pk" PRIMARY KEY("address","window_start")
);
