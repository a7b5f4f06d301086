-- Kept exact by statement-level triggers on interviews: one upsert per statement and (organization, status),
-- taken in (org_id, status) order so that concurrent statements lock the counter rows in the same order.
CREATE FUNCTION "interview_status_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO interview_status_counts (org_id, status, count)
      SELECT org_id, status, count(*) FROM new_rows GROUP BY org_id, status ORDER BY org_id, status
      ON CONFLICT (org_id, status) DO UPDATE SET count = interview_status_counts.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO interview_status_counts (org_id, status, count)
      SELECT org_id, status, -count(*) FROM old_rows GROUP BY org_id, status ORDER BY org_id, status
      ON CONFLICT (org_id, status) DO UPDATE SET count = interview_status_counts.count + excluded.count;
  ELSE
    INSERT INTO interview_status_counts (org_id, status, count)
      SELECT org_id, status, sum(n) FROM (
        SELECT org_id, status, count(*) AS n FROM new_rows GROUP BY org_id, status
        UNION ALL
        SELECT org_id, status, -count(*) AS n FROM old_rows GROUP BY org_id, status
      ) AS changes
      GROUP BY org_id, status HAVING sum(n) <> 0 ORDER BY org_id, status
      ON CONFLICT (org_id, status) DO UPDATE SET count = interview_status_counts.count + excluded.count;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "interview_status_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM interview_status_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "interviews_status_counts_insert" AFTER INSERT ON "interviews" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION interview_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "interviews_status_counts_update" AFTER UPDATE ON "interviews" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION interview_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "interviews_status_counts_delete" AFTER DELETE ON "interviews" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION interview_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "interviews_status_counts_truncate" AFTER TRUNCATE ON "interviews" FOR EACH STATEMENT EXECUTE FUNCTION interview_status_counts_reset();
--> statement-breakpoint
-- The triggers exist from here on (and CREATE TRIGGER blocked concurrent writes): count what is already there.
INSERT INTO "interview_status_counts" (org_id, status, count) SELECT org_id, status, count(*) FROM interviews GROUP BY org_id, status;
