-- interviews.report_score: a copy of its report's overall score (the interview list's sort by score reads it through
-- an index). Kept by statement-level triggers on reports; the interviews they update fire the interviews' own
-- triggers, whose figures do not change.
CREATE FUNCTION "interview_report_score_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- An interview left without a report (deleted, or moved to another interview) has no score.
    UPDATE interviews i SET report_score = NULL FROM old_rows o
      WHERE i.id = o.interview_id AND i.org_id = o.org_id AND i.report_score IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.interview_id = o.interview_id AND r.org_id = o.org_id);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE interviews i SET report_score = n.overall_score FROM new_rows n
      WHERE i.id = n.interview_id AND i.org_id = n.org_id AND i.report_score IS DISTINCT FROM n.overall_score;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "interview_report_score_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE interviews SET report_score = NULL WHERE report_score IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reports_interview_score_insert" AFTER INSERT ON "reports" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION interview_report_score_sync();
--> statement-breakpoint
CREATE TRIGGER "reports_interview_score_update" AFTER UPDATE ON "reports" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION interview_report_score_sync();
--> statement-breakpoint
CREATE TRIGGER "reports_interview_score_delete" AFTER DELETE ON "reports" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION interview_report_score_sync();
--> statement-breakpoint
CREATE TRIGGER "reports_interview_score_truncate" AFTER TRUNCATE ON "reports" FOR EACH STATEMENT EXECUTE FUNCTION interview_report_score_reset();
--> statement-breakpoint
UPDATE interviews i SET report_score = r.overall_score FROM reports r
  WHERE r.interview_id = i.id AND r.org_id = i.org_id AND r.overall_score IS NOT NULL;
--> statement-breakpoint
-- campaign_interview_counts (db/schema/campaign-interview-counts.ts), kept exact by statement-level triggers on
-- interviews and reports. An interview's contribution is counted under (org, campaign, stored status): one
-- interview, and its report's (if any) status and AI score. Each trigger lists the contributions the statement
-- changed, before (-1) and after (+1), as campaign_interview_entry rows; campaign_interview_counts_add keeps the
-- counted ones (with a campaign, not a demo interview) and adds them up per counter row, in key order so that
-- concurrent statements lock the counter rows in the same order.
CREATE TYPE "campaign_interview_entry" AS (org_id text, campaign_id text, status text, is_demo boolean, interviews integer, report_status text, score real, sign integer);
--> statement-breakpoint
CREATE FUNCTION "campaign_interview_counts_add"(entries campaign_interview_entry[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO campaign_interview_counts (org_id, campaign_id, status, interviews, reports, ready_reports, scored_reports, score_sum)
    SELECT e.org_id, e.campaign_id, e.status,
      coalesce(sum(e.sign * e.interviews), 0),
      coalesce(sum(e.sign) FILTER (WHERE e.report_status IS NOT NULL), 0),
      coalesce(sum(e.sign) FILTER (WHERE e.report_status = 'READY'), 0),
      coalesce(sum(e.sign) FILTER (WHERE e.report_status = 'READY' AND e.score IS NOT NULL), 0),
      coalesce(sum(e.sign * e.score::float8) FILTER (WHERE e.report_status = 'READY' AND e.score IS NOT NULL), 0)
    FROM unnest(entries) AS e
    WHERE e.campaign_id IS NOT NULL AND NOT e.is_demo
    GROUP BY e.org_id, e.campaign_id, e.status
    HAVING coalesce(sum(e.sign * e.interviews), 0) <> 0 OR coalesce(sum(e.sign) FILTER (WHERE e.report_status IS NOT NULL), 0) <> 0
      OR coalesce(sum(e.sign) FILTER (WHERE e.report_status = 'READY'), 0) <> 0
      OR coalesce(sum(e.sign) FILTER (WHERE e.report_status = 'READY' AND e.score IS NOT NULL), 0) <> 0
      OR coalesce(sum(e.sign * e.score::float8) FILTER (WHERE e.report_status = 'READY' AND e.score IS NOT NULL), 0) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (org_id, campaign_id, status) DO UPDATE
      SET interviews = campaign_interview_counts.interviews + excluded.interviews,
        reports = campaign_interview_counts.reports + excluded.reports,
        ready_reports = campaign_interview_counts.ready_reports + excluded.ready_reports,
        scored_reports = campaign_interview_counts.scored_reports + excluded.scored_reports,
        score_sum = campaign_interview_counts.score_sum + excluded.score_sum;
$$;
--> statement-breakpoint
-- An interview's contribution moves when its status, campaign or organization changes; an update of other columns
-- (most of them: a turn, a consent, a reminder) changes nothing here and is skipped.
CREATE FUNCTION "campaign_interview_counts_interviews"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entries campaign_interview_entry[] := '{}';
BEGIN
  IF TG_OP = 'UPDATE' THEN
    entries := array(
      SELECT row(x.org_id, x.campaign_id, x.status, x.is_demo, 1, r.status, r.overall_score, x.sign)::campaign_interview_entry
      FROM (
        SELECT o.id, o.org_id, o.campaign_id, o.status, o.is_demo, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.org_id, o.campaign_id, o.status, o.is_demo) IS DISTINCT FROM (n.org_id, n.campaign_id, n.status, n.is_demo)
        UNION ALL
        SELECT n.id, n.org_id, n.campaign_id, n.status, n.is_demo, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.org_id, o.campaign_id, o.status, o.is_demo) IS DISTINCT FROM (n.org_id, n.campaign_id, n.status, n.is_demo)
      ) x LEFT JOIN reports r ON r.interview_id = x.id AND r.org_id = x.org_id);
  ELSIF TG_OP = 'INSERT' THEN
    entries := array(SELECT row(n.org_id, n.campaign_id, n.status, n.is_demo, 1, r.status, r.overall_score, 1)::campaign_interview_entry
      FROM new_rows n LEFT JOIN reports r ON r.interview_id = n.id AND r.org_id = n.org_id WHERE n.campaign_id IS NOT NULL);
  ELSE
    entries := array(SELECT row(o.org_id, o.campaign_id, o.status, o.is_demo, 1, r.status, r.overall_score, -1)::campaign_interview_entry
      FROM old_rows o LEFT JOIN reports r ON r.interview_id = o.id AND r.org_id = o.org_id WHERE o.campaign_id IS NOT NULL);
  END IF;
  PERFORM campaign_interview_counts_add(entries);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A report's part of its interview's contribution: its status and score, under the interview's current key.
CREATE FUNCTION "campaign_interview_counts_reports"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entries campaign_interview_entry[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    entries := entries || array(SELECT row(i.org_id, i.campaign_id, i.status, i.is_demo, 0, o.status, o.overall_score, -1)::campaign_interview_entry
      FROM old_rows o JOIN interviews i ON i.id = o.interview_id AND i.org_id = o.org_id WHERE i.campaign_id IS NOT NULL);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    entries := entries || array(SELECT row(i.org_id, i.campaign_id, i.status, i.is_demo, 0, n.status, n.overall_score, 1)::campaign_interview_entry
      FROM new_rows n JOIN interviews i ON i.id = n.interview_id AND i.org_id = n.org_id WHERE i.campaign_id IS NOT NULL);
  END IF;
  PERFORM campaign_interview_counts_add(entries);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "campaign_interview_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM campaign_interview_counts;
  IF TG_TABLE_NAME = 'reports' THEN
    -- Every interview counts again, without a report.
    PERFORM campaign_interview_counts_add(array(SELECT row(i.org_id, i.campaign_id, i.status, i.is_demo, 1, NULL, NULL, 1)::campaign_interview_entry
      FROM interviews i WHERE i.campaign_id IS NOT NULL));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "interviews_campaign_counts_insert" AFTER INSERT ON "interviews" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_interview_counts_interviews();
--> statement-breakpoint
CREATE TRIGGER "interviews_campaign_counts_update" AFTER UPDATE ON "interviews" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_interview_counts_interviews();
--> statement-breakpoint
CREATE TRIGGER "interviews_campaign_counts_delete" AFTER DELETE ON "interviews" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_interview_counts_interviews();
--> statement-breakpoint
CREATE TRIGGER "interviews_campaign_counts_truncate" AFTER TRUNCATE ON "interviews" FOR EACH STATEMENT EXECUTE FUNCTION campaign_interview_counts_reset();
--> statement-breakpoint
CREATE TRIGGER "reports_campaign_counts_insert" AFTER INSERT ON "reports" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_interview_counts_reports();
--> statement-breakpoint
CREATE TRIGGER "reports_campaign_counts_update" AFTER UPDATE ON "reports" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_interview_counts_reports();
--> statement-breakpoint
CREATE TRIGGER "reports_campaign_counts_delete" AFTER DELETE ON "reports" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_interview_counts_reports();
--> statement-breakpoint
CREATE TRIGGER "reports_campaign_counts_truncate" AFTER TRUNCATE ON "reports" FOR EACH STATEMENT EXECUTE FUNCTION campaign_interview_counts_reset();
--> statement-breakpoint
-- The triggers exist from here on (and CREATE TRIGGER blocked concurrent writes): count what is already there.
SELECT campaign_interview_counts_add(array(SELECT row(i.org_id, i.campaign_id, i.status, i.is_demo, 1, r.status, r.overall_score, 1)::campaign_interview_entry
  FROM interviews i LEFT JOIN reports r ON r.interview_id = i.id AND r.org_id = i.org_id WHERE i.campaign_id IS NOT NULL));
--> statement-breakpoint
-- The score rule these figures and report_score_counts follow is written once, in TypeScript:
-- server/services/analytics/effective-score.ts (tests/integration/report-score-counts.test.ts checks they agree).
COMMENT ON FUNCTION "report_score_counts_add"(report_score_entry[]) IS 'The effective score (the reviewer''s, else the AI''s, READY reports only) as defined once in server/services/analytics/effective-score.ts';
