ALTER TABLE "group_member_counts" ADD COLUMN "active_dependents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "claims_employer_payment_date_idx" ON "claims" USING btree ("employer_pk","payment_date","plan_payment");--> statement-breakpoint
CREATE INDEX "coverages_plan_tier_idx" ON "coverages" USING btree ("plan_pk","coverage_option_pk","begin_date","end_date") WHERE "coverages"."dependent_pk" is null;--> statement-breakpoint
CREATE INDEX "subscribers_employer_term_effective_idx" ON "subscribers" USING btree ("employer_pk","term_date","effective_date");--> statement-breakpoint
-- Dependents not termed, per group, kept like the member counts: one upsert per statement and group.
-- A dependent's group is its subscriber's; rows removed by a subscriber's own deletion find no
-- subscriber any more and are skipped (the portal never deletes a subscriber).
CREATE FUNCTION group_dependent_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE group_member_counts SET active_dependents = 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO group_member_counts AS c (employer_pk, active_dependents)
      SELECT s.employer_pk, count(*) FROM new_rows n JOIN subscribers s ON s.subscriber_pk = n.subscriber_pk
      WHERE n.term_date IS NULL GROUP BY s.employer_pk
    ON CONFLICT (employer_pk) DO UPDATE SET active_dependents = c.active_dependents + excluded.active_dependents;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE group_member_counts AS c SET active_dependents = c.active_dependents - d.n
      FROM (
        SELECT s.employer_pk, count(*) AS n FROM old_rows o JOIN subscribers s ON s.subscriber_pk = o.subscriber_pk
        WHERE o.term_date IS NULL GROUP BY s.employer_pk
      ) AS d
      WHERE c.employer_pk = d.employer_pk;
  ELSE
    INSERT INTO group_member_counts AS c (employer_pk, active_dependents)
      SELECT s.employer_pk, sum(changes.active)
      FROM (
        SELECT subscriber_pk, (term_date IS NULL)::int AS active FROM new_rows
        UNION ALL
        SELECT subscriber_pk, -(term_date IS NULL)::int FROM old_rows
      ) AS changes
      JOIN subscribers s ON s.subscriber_pk = changes.subscriber_pk
      GROUP BY s.employer_pk
      HAVING sum(changes.active) <> 0
    ON CONFLICT (employer_pk) DO UPDATE SET active_dependents = c.active_dependents + excluded.active_dependents;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER dependents_count_insert AFTER INSERT ON dependents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION group_dependent_counts_apply();--> statement-breakpoint
CREATE TRIGGER dependents_count_update AFTER UPDATE ON dependents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION group_dependent_counts_apply();--> statement-breakpoint
CREATE TRIGGER dependents_count_delete AFTER DELETE ON dependents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION group_dependent_counts_apply();--> statement-breakpoint
CREATE TRIGGER dependents_count_truncate AFTER TRUNCATE ON dependents
  FOR EACH STATEMENT EXECUTE FUNCTION group_dependent_counts_apply();--> statement-breakpoint
UPDATE group_member_counts AS c SET active_dependents = d.n
  FROM (
    SELECT s.employer_pk, count(*)::int AS n FROM dependents d JOIN subscribers s ON s.subscriber_pk = d.subscriber_pk
    WHERE d.term_date IS NULL GROUP BY s.employer_pk
  ) AS d
  WHERE c.employer_pk = d.employer_pk;
