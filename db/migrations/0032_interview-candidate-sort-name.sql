ALTER TABLE "interviews" ADD COLUMN "candidate_sort_name" text;--> statement-breakpoint
CREATE INDEX "interviews_org_candidate_name_desc_idx" ON "interviews" USING btree ("org_id","candidate_sort_name" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "interviews_org_candidate_name_asc_idx" ON "interviews" USING btree ("org_id","candidate_sort_name","id");--> statement-breakpoint
-- interviews.candidate_sort_name: its candidate's lower("first last") (list-candidates.ts, candidateFullName), null
-- without a candidate row (erased). Set on an interview's insert or change of candidate, and on its candidates'
-- inserts, renames and deletions.
CREATE FUNCTION "interview_candidate_sort_name_of"(org text, candidate text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) FROM candidates c WHERE c.id = candidate AND c.org_id = org
$$;
--> statement-breakpoint
CREATE FUNCTION "interview_candidate_sort_name_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.candidate_sort_name := interview_candidate_sort_name_of(NEW.org_id, NEW.candidate_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "interviews_candidate_sort_name" BEFORE INSERT OR UPDATE OF candidate_id, org_id ON "interviews" FOR EACH ROW EXECUTE FUNCTION interview_candidate_sort_name_set();
--> statement-breakpoint
CREATE FUNCTION "interview_candidate_sort_name_candidates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    UPDATE interviews i SET candidate_sort_name = interview_candidate_sort_name_of(i.org_id, i.candidate_id)
      FROM (SELECT o.org_id, o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
              WHERE (o.org_id, o.first_name, o.last_name) IS DISTINCT FROM (n.org_id, n.first_name, n.last_name)
            UNION SELECT n.org_id, n.id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.org_id <> n.org_id) AS changed
      WHERE i.org_id = changed.org_id AND i.candidate_id = changed.id
        AND i.candidate_sort_name IS DISTINCT FROM interview_candidate_sort_name_of(i.org_id, i.candidate_id);
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE interviews i SET candidate_sort_name = interview_candidate_sort_name_of(i.org_id, i.candidate_id)
      FROM new_rows n WHERE i.org_id = n.org_id AND i.candidate_id = n.id
        AND i.candidate_sort_name IS DISTINCT FROM interview_candidate_sort_name_of(i.org_id, i.candidate_id);
  ELSE
    UPDATE interviews i SET candidate_sort_name = interview_candidate_sort_name_of(i.org_id, i.candidate_id)
      FROM old_rows o WHERE i.org_id = o.org_id AND i.candidate_id = o.id
        AND i.candidate_sort_name IS DISTINCT FROM interview_candidate_sort_name_of(i.org_id, i.candidate_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "candidates_interview_sort_name_insert" AFTER INSERT ON "candidates" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION interview_candidate_sort_name_candidates();
--> statement-breakpoint
CREATE TRIGGER "candidates_interview_sort_name_update" AFTER UPDATE ON "candidates" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION interview_candidate_sort_name_candidates();
--> statement-breakpoint
CREATE TRIGGER "candidates_interview_sort_name_delete" AFTER DELETE ON "candidates" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION interview_candidate_sort_name_candidates();
--> statement-breakpoint
CREATE FUNCTION "interview_candidate_sort_name_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE interviews SET candidate_sort_name = NULL WHERE candidate_sort_name IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "candidates_interview_sort_name_truncate" AFTER TRUNCATE ON "candidates" FOR EACH STATEMENT EXECUTE FUNCTION interview_candidate_sort_name_reset();
--> statement-breakpoint
UPDATE interviews i SET candidate_sort_name = lower(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, ''))
  FROM candidates c WHERE c.id = i.candidate_id AND c.org_id = i.org_id;
