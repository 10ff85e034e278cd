ALTER TABLE "enrollment_windows" ADD COLUMN "submitted_members" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollment_windows" ADD COLUMN "waived_members" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollment_windows" ADD COLUMN "offer_stamp" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
-- Windows opened before: their counts from a recount of their election rows.
UPDATE "enrollment_windows" AS w
  SET "submitted_members" = c.submitted, "waived_members" = c.waived
  FROM (
    SELECT window_pk, count(*)::int AS submitted, count(*) FILTER (WHERE all_waived)::int AS waived
    FROM (
      SELECT window_pk, bool_and(action = 'waive') AS all_waived FROM elections GROUP BY window_pk, subscriber_pk
    ) AS m
    GROUP BY window_pk
  ) AS c
  WHERE c.window_pk = w.window_pk;--> statement-breakpoint
-- Any write of plans, rates or tiers, whatever the path, gives the open windows a new offer stamp, so
-- that a cached offer (next year's plans, tiers and rates of a division) is never used after it. One
-- update per statement; open windows are at most one per group.
CREATE FUNCTION enrollment_windows_offer_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE enrollment_windows SET offer_stamp = gen_random_uuid() WHERE closed_at IS NULL;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER plans_offer_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plans
  FOR EACH STATEMENT EXECUTE FUNCTION enrollment_windows_offer_changed();--> statement-breakpoint
CREATE TRIGGER plan_rates_offer_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plan_rates
  FOR EACH STATEMENT EXECUTE FUNCTION enrollment_windows_offer_changed();--> statement-breakpoint
CREATE TRIGGER coverage_options_offer_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON coverage_options
  FOR EACH STATEMENT EXECUTE FUNCTION enrollment_windows_offer_changed();
