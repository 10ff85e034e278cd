CREATE TABLE "claim_month_totals" (
	"employer_pk" integer NOT NULL,
	"service_month" date NOT NULL,
	"payment_month" date,
	"claims" integer NOT NULL,
	"billed_amount" numeric(12, 2) NOT NULL,
	"plan_payment" numeric(12, 2) NOT NULL,
	CONSTRAINT "claim_month_totals_uq" UNIQUE NULLS NOT DISTINCT("employer_pk","service_month","payment_month")
);
--> statement-breakpoint
CREATE TABLE "coverage_counts" (
	"employer_pk" integer NOT NULL,
	"plan_pk" integer NOT NULL,
	"coverage_option_pk" integer,
	"begin_date" date NOT NULL,
	"end_date" date,
	"subscribers" integer NOT NULL,
	CONSTRAINT "coverage_counts_uq" UNIQUE NULLS NOT DISTINCT("employer_pk","plan_pk","coverage_option_pk","begin_date","end_date")
);
--> statement-breakpoint
ALTER TABLE "group_member_counts" ADD COLUMN "active_dependents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_month_totals" ADD CONSTRAINT "claim_month_totals_employer_pk_employers_employer_pk_fk" FOREIGN KEY ("employer_pk") REFERENCES "public"."employers"("employer_pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_counts" ADD CONSTRAINT "coverage_counts_employer_pk_employers_employer_pk_fk" FOREIGN KEY ("employer_pk") REFERENCES "public"."employers"("employer_pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
  WHERE c.employer_pk = d.employer_pk;--> statement-breakpoint
-- Subscribers' coverage per group, plan, tier and dates: statement triggers add the new rows and take
-- the old ones away, so a bulk insert pays one upsert per distinct key. Dependents' rows (which repeat
-- the subscriber's plan) are not counted.
CREATE FUNCTION coverage_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM coverage_counts;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO coverage_counts AS c (employer_pk, plan_pk, coverage_option_pk, begin_date, end_date, subscribers)
      SELECT p.employer_pk, n.plan_pk, n.coverage_option_pk, n.begin_date, n.end_date, count(*)
      FROM new_rows n JOIN plans p ON p.plan_pk = n.plan_pk
      WHERE n.dependent_pk IS NULL
      GROUP BY p.employer_pk, n.plan_pk, n.coverage_option_pk, n.begin_date, n.end_date
    ON CONFLICT ON CONSTRAINT coverage_counts_uq DO UPDATE SET subscribers = c.subscribers + excluded.subscribers;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO coverage_counts AS c (employer_pk, plan_pk, coverage_option_pk, begin_date, end_date, subscribers)
      SELECT p.employer_pk, o.plan_pk, o.coverage_option_pk, o.begin_date, o.end_date, -count(*)
      FROM old_rows o JOIN plans p ON p.plan_pk = o.plan_pk
      WHERE o.dependent_pk IS NULL
      GROUP BY p.employer_pk, o.plan_pk, o.coverage_option_pk, o.begin_date, o.end_date
    ON CONFLICT ON CONSTRAINT coverage_counts_uq DO UPDATE SET subscribers = c.subscribers + excluded.subscribers;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER coverages_count_insert AFTER INSERT ON coverages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION coverage_counts_apply();--> statement-breakpoint
CREATE TRIGGER coverages_count_update AFTER UPDATE ON coverages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION coverage_counts_apply();--> statement-breakpoint
CREATE TRIGGER coverages_count_delete AFTER DELETE ON coverages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION coverage_counts_apply();--> statement-breakpoint
CREATE TRIGGER coverages_count_truncate AFTER TRUNCATE ON coverages
  FOR EACH STATEMENT EXECUTE FUNCTION coverage_counts_apply();--> statement-breakpoint
INSERT INTO coverage_counts (employer_pk, plan_pk, coverage_option_pk, begin_date, end_date, subscribers)
  SELECT p.employer_pk, c.plan_pk, c.coverage_option_pk, c.begin_date, c.end_date, count(*)
  FROM coverages c JOIN plans p ON p.plan_pk = c.plan_pk
  WHERE c.dependent_pk IS NULL
  GROUP BY p.employer_pk, c.plan_pk, c.coverage_option_pk, c.begin_date, c.end_date;--> statement-breakpoint
-- Claims per group, month of service and month of payment, kept the same way.
CREATE FUNCTION claim_month_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM claim_month_totals;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO claim_month_totals AS t (employer_pk, service_month, payment_month, claims, billed_amount, plan_payment)
      SELECT employer_pk, date_trunc('month', service_date)::date, date_trunc('month', payment_date)::date,
        count(*), sum(billed_amount), sum(plan_payment)
      FROM new_rows GROUP BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT claim_month_totals_uq DO UPDATE SET claims = t.claims + excluded.claims,
      billed_amount = t.billed_amount + excluded.billed_amount, plan_payment = t.plan_payment + excluded.plan_payment;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO claim_month_totals AS t (employer_pk, service_month, payment_month, claims, billed_amount, plan_payment)
      SELECT employer_pk, date_trunc('month', service_date)::date, date_trunc('month', payment_date)::date,
        -count(*), -sum(billed_amount), -sum(plan_payment)
      FROM old_rows GROUP BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT claim_month_totals_uq DO UPDATE SET claims = t.claims + excluded.claims,
      billed_amount = t.billed_amount + excluded.billed_amount, plan_payment = t.plan_payment + excluded.plan_payment;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER claims_totals_insert AFTER INSERT ON claims
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION claim_month_totals_apply();--> statement-breakpoint
CREATE TRIGGER claims_totals_update AFTER UPDATE ON claims
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION claim_month_totals_apply();--> statement-breakpoint
CREATE TRIGGER claims_totals_delete AFTER DELETE ON claims
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION claim_month_totals_apply();--> statement-breakpoint
CREATE TRIGGER claims_totals_truncate AFTER TRUNCATE ON claims
  FOR EACH STATEMENT EXECUTE FUNCTION claim_month_totals_apply();--> statement-breakpoint
INSERT INTO claim_month_totals (employer_pk, service_month, payment_month, claims, billed_amount, plan_payment)
  SELECT employer_pk, date_trunc('month', service_date)::date, date_trunc('month', payment_date)::date,
    count(*), sum(billed_amount), sum(plan_payment)
  FROM claims GROUP BY 1, 2, 3;
