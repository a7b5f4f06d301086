-- report_score_counts (db/schema/report-score-counts.ts), kept exact by statement-level triggers on reports and
-- human_reviews. Each trigger lists the changed reports' contributions before (-1) and after (+1) the statement as
-- report_score_entry rows; report_score_counts_add keeps the counted ones (READY interview reports, not of a demo
-- interview: interviews.is_demo is set when the interview is created and never changes) and adds them up per
-- counter row, in key order so that concurrent statements lock the counter rows in the same order.
CREATE TYPE "report_score_entry" AS (org_id text, interview_id text, type text, status text, ai_score real, recommendation text, review_score real, sign integer);
--> statement-breakpoint
CREATE FUNCTION "report_score_counts_add"(entries report_score_entry[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_score_counts (org_id, bucket, source, recommendation, count, score_sum)
    SELECT e.org_id, k.bucket, k.source, coalesce(e.recommendation, ''), sum(e.sign), coalesce(sum(e.sign * k.score), 0)
    FROM unnest(entries) AS e
    CROSS JOIN LATERAL (SELECT coalesce(e.review_score, e.ai_score)::float8 AS score) AS s
    CROSS JOIN LATERAL (SELECT s.score,
        CASE WHEN s.score IS NULL THEN -1 ELSE least(floor(s.score / 10), 9)::smallint END AS bucket,
        CASE WHEN e.review_score IS NOT NULL THEN 'human' WHEN e.ai_score IS NOT NULL THEN 'ai' ELSE 'none' END AS source) AS k
    WHERE e.type = 'interview' AND e.status = 'READY'
      AND (e.interview_id IS NULL OR NOT EXISTS (SELECT 1 FROM interviews d WHERE d.id = e.interview_id AND d.is_demo))
    GROUP BY e.org_id, k.bucket, k.source, coalesce(e.recommendation, '')
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (org_id, bucket, source, recommendation) DO UPDATE
      SET count = report_score_counts.count + excluded.count, score_sum = report_score_counts.score_sum + excluded.score_sum;
$$;
--> statement-breakpoint
CREATE FUNCTION "report_score_counts_reports"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entries report_score_entry[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    entries := entries || array(SELECT row(o.org_id, o.interview_id, o.type, o.status, o.overall_score, o.recommendation,
        (SELECT h.overall_score FROM human_reviews h WHERE h.report_id = o.id AND h.org_id = o.org_id), -1)::report_score_entry FROM old_rows o);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    entries := entries || array(SELECT row(n.org_id, n.interview_id, n.type, n.status, n.overall_score, n.recommendation,
        (SELECT h.overall_score FROM human_reviews h WHERE h.report_id = n.id AND h.org_id = n.org_id), 1)::report_score_entry FROM new_rows n);
  END IF;
  PERFORM report_score_counts_add(entries);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A review changes its report's contribution from the AI's score (or the previous review's) to the review's.
CREATE FUNCTION "report_score_counts_reviews"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entries report_score_entry[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    entries := entries || array(SELECT row(r.org_id, r.interview_id, r.type, r.status, r.overall_score, r.recommendation, o.overall_score, -1)::report_score_entry
        FROM old_rows o JOIN reports r ON r.id = o.report_id AND r.org_id = o.org_id);
  ELSE
    entries := entries || array(SELECT row(r.org_id, r.interview_id, r.type, r.status, r.overall_score, r.recommendation, NULL, -1)::report_score_entry
        FROM new_rows n JOIN reports r ON r.id = n.report_id AND r.org_id = n.org_id);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    entries := entries || array(SELECT row(r.org_id, r.interview_id, r.type, r.status, r.overall_score, r.recommendation, n.overall_score, 1)::report_score_entry
        FROM new_rows n JOIN reports r ON r.id = n.report_id AND r.org_id = n.org_id);
  ELSE
    entries := entries || array(SELECT row(r.org_id, r.interview_id, r.type, r.status, r.overall_score, r.recommendation, NULL, 1)::report_score_entry
        FROM old_rows o JOIN reports r ON r.id = o.report_id AND r.org_id = o.org_id);
  END IF;
  PERFORM report_score_counts_add(entries);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "report_score_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_score_counts;
  IF TG_TABLE_NAME = 'human_reviews' THEN
    -- Every report counts with its AI score again.
    PERFORM report_score_counts_add(array(SELECT row(r.org_id, r.interview_id, r.type, r.status, r.overall_score, r.recommendation, NULL, 1)::report_score_entry FROM reports r));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reports_score_counts_insert" AFTER INSERT ON "reports" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_score_counts_reports();
--> statement-breakpoint
CREATE TRIGGER "reports_score_counts_update" AFTER UPDATE ON "reports" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_score_counts_reports();
--> statement-breakpoint
CREATE TRIGGER "reports_score_counts_delete" AFTER DELETE ON "reports" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_score_counts_reports();
--> statement-breakpoint
CREATE TRIGGER "reports_score_counts_truncate" AFTER TRUNCATE ON "reports" FOR EACH STATEMENT EXECUTE FUNCTION report_score_counts_reset();
--> statement-breakpoint
CREATE TRIGGER "human_reviews_score_counts_insert" AFTER INSERT ON "human_reviews" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_score_counts_reviews();
--> statement-breakpoint
CREATE TRIGGER "human_reviews_score_counts_update" AFTER UPDATE ON "human_reviews" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_score_counts_reviews();
--> statement-breakpoint
CREATE TRIGGER "human_reviews_score_counts_delete" AFTER DELETE ON "human_reviews" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_score_counts_reviews();
--> statement-breakpoint
CREATE TRIGGER "human_reviews_score_counts_truncate" AFTER TRUNCATE ON "human_reviews" FOR EACH STATEMENT EXECUTE FUNCTION report_score_counts_reset();
--> statement-breakpoint
-- The triggers exist from here on (and CREATE TRIGGER blocked concurrent writes): count what is already there.
SELECT report_score_counts_add(array(SELECT row(r.org_id, r.interview_id, r.type, r.status, r.overall_score, r.recommendation,
  (SELECT h.overall_score FROM human_reviews h WHERE h.report_id = r.id AND h.org_id = r.org_id), 1)::report_score_entry FROM reports r));
