-- The interview list's sort by score and the campaigns' averages follow the score that counts (issue 26: "rankings,
-- histograms and exports use the reviewer's score where there is one"), as defined once in
-- server/services/analytics/effective-score.ts: the reviewer's overall score where there is one, else the AI's, from
-- a READY report only.
--
-- 1. interviews.effective_score replaces interviews.report_score (the AI's score of the report, whatever its status),
--    kept by statement-level triggers on reports and human_reviews: the interviews whose report or review a statement
--    touched are scored again from their report and review as they now are.
DROP TRIGGER "reports_interview_score_insert" ON "reports";
--> statement-breakpoint
DROP TRIGGER "reports_interview_score_update" ON "reports";
--> statement-breakpoint
DROP TRIGGER "reports_interview_score_delete" ON "reports";
--> statement-breakpoint
DROP TRIGGER "reports_interview_score_truncate" ON "reports";
--> statement-breakpoint
DROP FUNCTION "interview_report_score_sync"();
--> statement-breakpoint
DROP FUNCTION "interview_report_score_reset"();
--> statement-breakpoint
CREATE FUNCTION "interview_effective_score_refresh"(org_ids text[], interview_ids text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE interviews i SET effective_score = s.score
  FROM (
    SELECT k.org_id, k.interview_id,
      (SELECT CASE WHEN r.status = 'READY' THEN coalesce(h.overall_score, r.overall_score) END
        FROM reports r LEFT JOIN human_reviews h ON h.report_id = r.id AND h.org_id = r.org_id
        WHERE r.interview_id = k.interview_id AND r.org_id = k.org_id) AS score
    FROM (SELECT DISTINCT u.org_id, u.interview_id FROM unnest(org_ids, interview_ids) AS u(org_id, interview_id) WHERE u.interview_id IS NOT NULL) k
  ) s
  WHERE i.id = s.interview_id AND i.org_id = s.org_id AND i.effective_score IS DISTINCT FROM s.score;
$$;
--> statement-breakpoint
CREATE FUNCTION "interview_effective_score_reports"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM interview_effective_score_refresh(array(SELECT o.org_id FROM old_rows o ORDER BY o.interview_id), array(SELECT o.interview_id FROM old_rows o ORDER BY o.interview_id));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM interview_effective_score_refresh(array(SELECT n.org_id FROM new_rows n ORDER BY n.interview_id), array(SELECT n.interview_id FROM new_rows n ORDER BY n.interview_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "interview_effective_score_reviews"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM interview_effective_score_refresh(array(SELECT r.org_id FROM old_rows o JOIN reports r ON r.id = o.report_id AND r.org_id = o.org_id ORDER BY r.interview_id),
      array(SELECT r.interview_id FROM old_rows o JOIN reports r ON r.id = o.report_id AND r.org_id = o.org_id ORDER BY r.interview_id));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM interview_effective_score_refresh(array(SELECT r.org_id FROM new_rows n JOIN reports r ON r.id = n.report_id AND r.org_id = n.org_id ORDER BY r.interview_id),
      array(SELECT r.interview_id FROM new_rows n JOIN reports r ON r.id = n.report_id AND r.org_id = n.org_id ORDER BY r.interview_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A truncated table: every interview is scored again from what is left (none after reports, the AI's after reviews).
CREATE FUNCTION "interview_effective_score_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE interviews i SET effective_score = (SELECT CASE WHEN r.status = 'READY' THEN r.overall_score END FROM reports r WHERE r.interview_id = i.id AND r.org_id = i.org_id)
    WHERE i.effective_score IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reports_interview_effective_score_insert" AFTER INSERT ON "reports" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION interview_effective_score_reports();
--> statement-breakpoint
CREATE TRIGGER "reports_interview_effective_score_update" AFTER UPDATE ON "reports" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION interview_effective_score_reports();
--> statement-breakpoint
CREATE TRIGGER "reports_interview_effective_score_delete" AFTER DELETE ON "reports" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION interview_effective_score_reports();
--> statement-breakpoint
CREATE TRIGGER "reports_interview_effective_score_truncate" AFTER TRUNCATE ON "reports" FOR EACH STATEMENT EXECUTE FUNCTION interview_effective_score_reset();
--> statement-breakpoint
CREATE TRIGGER "human_reviews_interview_effective_score_insert" AFTER INSERT ON "human_reviews" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION interview_effective_score_reviews();
--> statement-breakpoint
CREATE TRIGGER "human_reviews_interview_effective_score_update" AFTER UPDATE ON "human_reviews" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION interview_effective_score_reviews();
--> statement-breakpoint
CREATE TRIGGER "human_reviews_interview_effective_score_delete" AFTER DELETE ON "human_reviews" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION interview_effective_score_reviews();
--> statement-breakpoint
CREATE TRIGGER "human_reviews_interview_effective_score_truncate" AFTER TRUNCATE ON "human_reviews" FOR EACH STATEMENT EXECUTE FUNCTION interview_effective_score_reset();
--> statement-breakpoint
UPDATE interviews i SET effective_score = s.score
  FROM (SELECT r.org_id, r.interview_id, coalesce(h.overall_score, r.overall_score) AS score
    FROM reports r LEFT JOIN human_reviews h ON h.report_id = r.id AND h.org_id = r.org_id
    WHERE r.status = 'READY' AND r.interview_id IS NOT NULL) s
  WHERE i.id = s.interview_id AND i.org_id = s.org_id AND s.score IS NOT NULL;
--> statement-breakpoint
-- 2. campaign_interview_counts: an interview's contribution carries its effective score (score_sum, scored_reports),
--    and a review changes it: the contributions of the reviewed reports' interviews before (-1) and after (+1).
CREATE OR REPLACE FUNCTION "campaign_interview_counts_interviews"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entries campaign_interview_entry[] := '{}';
BEGIN
  IF TG_OP = 'UPDATE' THEN
    entries := array(
      SELECT row(x.org_id, x.campaign_id, x.status, x.is_demo, 1, r.status, coalesce(h.overall_score, r.overall_score), x.sign)::campaign_interview_entry
      FROM (
        SELECT o.id, o.org_id, o.campaign_id, o.status, o.is_demo, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.org_id, o.campaign_id, o.status, o.is_demo) IS DISTINCT FROM (n.org_id, n.campaign_id, n.status, n.is_demo)
        UNION ALL
        SELECT n.id, n.org_id, n.campaign_id, n.status, n.is_demo, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.org_id, o.campaign_id, o.status, o.is_demo) IS DISTINCT FROM (n.org_id, n.campaign_id, n.status, n.is_demo)
      ) x LEFT JOIN reports r ON r.interview_id = x.id AND r.org_id = x.org_id
        LEFT JOIN human_reviews h ON h.report_id = r.id AND h.org_id = r.org_id);
  ELSIF TG_OP = 'INSERT' THEN
    entries := array(SELECT row(n.org_id, n.campaign_id, n.status, n.is_demo, 1, r.status, coalesce(h.overall_score, r.overall_score), 1)::campaign_interview_entry
      FROM new_rows n LEFT JOIN reports r ON r.interview_id = n.id AND r.org_id = n.org_id
        LEFT JOIN human_reviews h ON h.report_id = r.id AND h.org_id = r.org_id WHERE n.campaign_id IS NOT NULL);
  ELSE
    entries := array(SELECT row(o.org_id, o.campaign_id, o.status, o.is_demo, 1, r.status, coalesce(h.overall_score, r.overall_score), -1)::campaign_interview_entry
      FROM old_rows o LEFT JOIN reports r ON r.interview_id = o.id AND r.org_id = o.org_id
        LEFT JOIN human_reviews h ON h.report_id = r.id AND h.org_id = r.org_id WHERE o.campaign_id IS NOT NULL);
  END IF;
  PERFORM campaign_interview_counts_add(entries);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A report's reviews are deleted before the report (human_reviews.report_id has no cascade), so the review read here
-- is the one the report's contribution was counted with.
CREATE OR REPLACE FUNCTION "campaign_interview_counts_reports"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entries campaign_interview_entry[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    entries := entries || array(SELECT row(i.org_id, i.campaign_id, i.status, i.is_demo, 0, o.status,
        coalesce((SELECT h.overall_score FROM human_reviews h WHERE h.report_id = o.id AND h.org_id = o.org_id), o.overall_score), -1)::campaign_interview_entry
      FROM old_rows o JOIN interviews i ON i.id = o.interview_id AND i.org_id = o.org_id WHERE i.campaign_id IS NOT NULL);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    entries := entries || array(SELECT row(i.org_id, i.campaign_id, i.status, i.is_demo, 0, n.status,
        coalesce((SELECT h.overall_score FROM human_reviews h WHERE h.report_id = n.id AND h.org_id = n.org_id), n.overall_score), 1)::campaign_interview_entry
      FROM new_rows n JOIN interviews i ON i.id = n.interview_id AND i.org_id = n.org_id WHERE i.campaign_id IS NOT NULL);
  END IF;
  PERFORM campaign_interview_counts_add(entries);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "campaign_interview_counts_reviews"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entries campaign_interview_entry[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    entries := entries || array(SELECT row(i.org_id, i.campaign_id, i.status, i.is_demo, 0, r.status, coalesce(o.overall_score, r.overall_score), -1)::campaign_interview_entry
      FROM old_rows o JOIN reports r ON r.id = o.report_id AND r.org_id = o.org_id JOIN interviews i ON i.id = r.interview_id AND i.org_id = r.org_id
      WHERE i.campaign_id IS NOT NULL);
  ELSE
    entries := entries || array(SELECT row(i.org_id, i.campaign_id, i.status, i.is_demo, 0, r.status, r.overall_score, -1)::campaign_interview_entry
      FROM new_rows n JOIN reports r ON r.id = n.report_id AND r.org_id = n.org_id JOIN interviews i ON i.id = r.interview_id AND i.org_id = r.org_id
      WHERE i.campaign_id IS NOT NULL);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    entries := entries || array(SELECT row(i.org_id, i.campaign_id, i.status, i.is_demo, 0, r.status, coalesce(n.overall_score, r.overall_score), 1)::campaign_interview_entry
      FROM new_rows n JOIN reports r ON r.id = n.report_id AND r.org_id = n.org_id JOIN interviews i ON i.id = r.interview_id AND i.org_id = r.org_id
      WHERE i.campaign_id IS NOT NULL);
  ELSE
    entries := entries || array(SELECT row(i.org_id, i.campaign_id, i.status, i.is_demo, 0, r.status, r.overall_score, 1)::campaign_interview_entry
      FROM old_rows o JOIN reports r ON r.id = o.report_id AND r.org_id = o.org_id JOIN interviews i ON i.id = r.interview_id AND i.org_id = r.org_id
      WHERE i.campaign_id IS NOT NULL);
  END IF;
  PERFORM campaign_interview_counts_add(entries);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "campaign_interview_counts_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM campaign_interview_counts;
  PERFORM campaign_interview_counts_add(array(SELECT row(i.org_id, i.campaign_id, i.status, i.is_demo, 1, r.status, coalesce(h.overall_score, r.overall_score), 1)::campaign_interview_entry
    FROM interviews i LEFT JOIN reports r ON r.interview_id = i.id AND r.org_id = i.org_id LEFT JOIN human_reviews h ON h.report_id = r.id AND h.org_id = r.org_id
    WHERE i.campaign_id IS NOT NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "human_reviews_campaign_counts_insert" AFTER INSERT ON "human_reviews" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_interview_counts_reviews();
--> statement-breakpoint
CREATE TRIGGER "human_reviews_campaign_counts_update" AFTER UPDATE ON "human_reviews" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_interview_counts_reviews();
--> statement-breakpoint
CREATE TRIGGER "human_reviews_campaign_counts_delete" AFTER DELETE ON "human_reviews" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_interview_counts_reviews();
--> statement-breakpoint
CREATE TRIGGER "human_reviews_campaign_counts_truncate" AFTER TRUNCATE ON "human_reviews" FOR EACH STATEMENT EXECUTE FUNCTION campaign_interview_counts_recount();
--> statement-breakpoint
-- Counted again with the effective score (the triggers exist from here on, and CREATE TRIGGER blocked concurrent
-- review writes).
DELETE FROM campaign_interview_counts;
--> statement-breakpoint
SELECT campaign_interview_counts_add(array(SELECT row(i.org_id, i.campaign_id, i.status, i.is_demo, 1, r.status, coalesce(h.overall_score, r.overall_score), 1)::campaign_interview_entry
  FROM interviews i LEFT JOIN reports r ON r.interview_id = i.id AND r.org_id = i.org_id LEFT JOIN human_reviews h ON h.report_id = r.id AND h.org_id = r.org_id
  WHERE i.campaign_id IS NOT NULL));
