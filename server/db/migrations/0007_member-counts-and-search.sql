-- "Contains" name searches are served by trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "group_member_counts" (
	"employer_pk" integer PRIMARY KEY NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"active_members" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "subscribers_employer_last_name_idx";--> statement-breakpoint
DROP INDEX "subscribers_employer_first_name_idx";--> statement-breakpoint
DROP INDEX "subscribers_employer_ssn_last4_idx";--> statement-breakpoint
DROP INDEX "subscribers_employer_date_of_hire_idx";--> statement-breakpoint
DROP INDEX "subscribers_employer_date_of_birth_idx";--> statement-breakpoint
ALTER TABLE "group_member_counts" ADD CONSTRAINT "group_member_counts_employer_pk_employers_employer_pk_fk" FOREIGN KEY ("employer_pk") REFERENCES "public"."employers"("employer_pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claims_patient_last_name_trgm_idx" ON "claims" USING gin ("patient_last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "claims_patient_first_name_trgm_idx" ON "claims" USING gin ("patient_first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscribers_last_name_trgm_idx" ON "subscribers" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscribers_first_name_trgm_idx" ON "subscribers" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscribers_employer_last_name_idx" ON "subscribers" USING btree ("employer_pk","last_name","subscriber_pk","term_date");--> statement-breakpoint
CREATE INDEX "subscribers_employer_first_name_idx" ON "subscribers" USING btree ("employer_pk","first_name","subscriber_pk","term_date");--> statement-breakpoint
CREATE INDEX "subscribers_employer_ssn_last4_idx" ON "subscribers" USING btree ("employer_pk","ssn_last4","subscriber_pk","term_date");--> statement-breakpoint
CREATE INDEX "subscribers_employer_date_of_hire_idx" ON "subscribers" USING btree ("employer_pk","date_of_hire","subscriber_pk","term_date");--> statement-breakpoint
CREATE INDEX "subscribers_employer_date_of_birth_idx" ON "subscribers" USING btree ("employer_pk","date_of_birth","subscriber_pk","term_date");--> statement-breakpoint
-- Members per group, kept exact in the transaction of every change of subscribers. Statement triggers
-- with transition tables: one upsert per statement and group, so bulk inserts pay once per batch.
-- Active means term_date is null, as in the member list's filter.
CREATE FUNCTION group_member_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM group_member_counts;
  ELSIF TG_OP = 'DELETE' THEN
    -- An update, not an upsert: a group being deleted (the cascade that got here) gets no new row.
    UPDATE group_member_counts AS c
      SET members = c.members - d.members, active_members = c.active_members - d.active_members
      FROM (
        SELECT employer_pk, count(*) AS members, count(*) FILTER (WHERE term_date IS NULL) AS active_members
        FROM old_rows GROUP BY employer_pk
      ) AS d
      WHERE c.employer_pk = d.employer_pk;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO group_member_counts AS c (employer_pk, members, active_members)
      SELECT employer_pk, count(*), count(*) FILTER (WHERE term_date IS NULL) FROM new_rows GROUP BY employer_pk
    ON CONFLICT (employer_pk) DO UPDATE
      SET members = c.members + excluded.members, active_members = c.active_members + excluded.active_members;
  ELSE
    -- UPDATE: a termination, a reinstatement (term_date back to null) or a move between groups.
    INSERT INTO group_member_counts AS c (employer_pk, members, active_members)
      SELECT employer_pk, sum(members), sum(active_members)
      FROM (
        SELECT employer_pk, 1 AS members, (term_date IS NULL)::int AS active_members FROM new_rows
        UNION ALL
        SELECT employer_pk, -1, -(term_date IS NULL)::int FROM old_rows
      ) AS changes
      GROUP BY employer_pk
      HAVING sum(members) <> 0 OR sum(active_members) <> 0
    ON CONFLICT (employer_pk) DO UPDATE
      SET members = c.members + excluded.members, active_members = c.active_members + excluded.active_members;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER subscribers_count_insert AFTER INSERT ON subscribers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION group_member_counts_apply();--> statement-breakpoint
CREATE TRIGGER subscribers_count_update AFTER UPDATE ON subscribers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION group_member_counts_apply();--> statement-breakpoint
CREATE TRIGGER subscribers_count_delete AFTER DELETE ON subscribers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION group_member_counts_apply();--> statement-breakpoint
CREATE TRIGGER subscribers_count_truncate AFTER TRUNCATE ON subscribers
  FOR EACH STATEMENT EXECUTE FUNCTION group_member_counts_apply();--> statement-breakpoint
INSERT INTO group_member_counts (employer_pk, members, active_members)
  SELECT employer_pk, count(*), count(*) FILTER (WHERE term_date IS NULL) FROM subscribers GROUP BY employer_pk;
