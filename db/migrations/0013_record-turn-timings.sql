-- record_turn with the turn's timing (CONTRACT §13): when the utterance began and ended (p_started_at, p_ended_at)
-- and where it lies in the interview's whole recording (p_offset_ms, p_duration_ms). Stored with the turn, part of a
-- retry's identity like every other field (same → existing, other → conflict naming them), returned with it. Still
-- one statement per turn. The nine-argument version of 0006 stays beside it, unchanged: instances of the previous
-- release call it during a rolling upgrade (docs/DEPLOYMENT.md: expand now, drop it in a later release).
CREATE FUNCTION "record_turn"(
  p_interview_id text, p_org_id text, p_turn_number integer, p_role text, p_content text, p_audio_url text,
  p_is_pending boolean, p_evaluation jsonb, p_may_start boolean,
  p_started_at timestamptz, p_ended_at timestamptz, p_offset_ms integer, p_duration_ms integer
) RETURNS TABLE (
  o_outcome text, o_org_id text, o_detail text, o_turn_number integer, o_role text, o_content text, o_audio_url text,
  o_is_pending_question boolean, o_evaluation jsonb, o_created_at timestamptz, o_updated_at timestamptz, o_started boolean,
  o_started_at timestamptz, o_ended_at timestamptz, o_offset_ms integer, o_duration_ms integer
) LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz := now();
  v_org text;
  v_status text;
  v_expires timestamptz;
  v_effective text;
  v_row turns%ROWTYPE;
  v_pending boolean;
  v_differs text[] := ARRAY[]::text[];
BEGIN
  SELECT i.org_id, i.status, i.expires_at INTO v_org, v_status, v_expires
    FROM interviews i
    WHERE i.id = p_interview_id AND (p_org_id IS NULL OR i.org_id = p_org_id)
    FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::text, NULL::text, NULL::integer, NULL::text, NULL::text, NULL::text,
      NULL::boolean, NULL::jsonb, NULL::timestamptz, NULL::timestamptz, false,
      NULL::timestamptz, NULL::timestamptz, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  -- effective-status.ts: an INVITED interview past expires_at is EXPIRED.
  v_effective := CASE WHEN v_status = 'INVITED' AND v_expires <= v_now THEN 'EXPIRED' ELSE v_status END;
  IF v_effective IN ('COMPLETED', 'CANCELLED', 'EXPIRED') THEN
    RETURN QUERY SELECT 'closed'::text, v_org, v_effective, NULL::integer, NULL::text, NULL::text, NULL::text,
      NULL::boolean, NULL::jsonb, NULL::timestamptz, NULL::timestamptz, false,
      NULL::timestamptz, NULL::timestamptz, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  IF v_effective = 'DRAFT' AND v_expires <= v_now THEN
    RETURN QUERY SELECT 'draft_expired'::text, v_org, NULL::text, NULL::integer, NULL::text, NULL::text, NULL::text,
      NULL::boolean, NULL::jsonb, v_expires, NULL::timestamptz, false,
      NULL::timestamptz, NULL::timestamptz, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  IF v_effective IN ('DRAFT', 'INVITED') AND NOT p_may_start THEN
    RETURN QUERY SELECT 'needs_start'::text, v_org, NULL::text, NULL::integer, NULL::text, NULL::text, NULL::text,
      NULL::boolean, NULL::jsonb, NULL::timestamptz, NULL::timestamptz, false,
      NULL::timestamptz, NULL::timestamptz, NULL::integer, NULL::integer;
    RETURN;
  END IF;

  SELECT * INTO v_row FROM turns t WHERE t.interview_id = p_interview_id AND t.org_id = v_org AND t.turn_number = p_turn_number;
  IF NOT FOUND THEN
    -- A question that arrives after its answer (or after the next question) is already settled, not pending.
    v_pending := p_is_pending AND NOT EXISTS (
      SELECT 1 FROM turns t WHERE t.interview_id = p_interview_id AND t.org_id = v_org AND t.turn_number > p_turn_number
        AND (t.role = 'candidate' OR t.is_pending_question));
    INSERT INTO turns AS t (interview_id, org_id, turn_number, role, content, audio_url, is_pending_question, evaluation,
        started_at, ended_at, offset_ms, duration_ms, created_at, updated_at)
      VALUES (p_interview_id, v_org, p_turn_number, p_role, p_content, p_audio_url, v_pending, p_evaluation,
        p_started_at, p_ended_at, p_offset_ms, p_duration_ms, v_now, v_now)
      -- The primary key settles a race with any writer that did not take the interview lock.
      ON CONFLICT (interview_id, turn_number) DO NOTHING
      RETURNING * INTO v_row;
    IF FOUND THEN
      IF v_pending THEN
        UPDATE turns t SET is_pending_question = false, updated_at = v_now
          WHERE t.interview_id = p_interview_id AND t.org_id = v_org AND t.is_pending_question AND t.turn_number <> p_turn_number;
      ELSIF p_role = 'candidate' THEN
        UPDATE turns t SET is_pending_question = false, updated_at = v_now
          WHERE t.interview_id = p_interview_id AND t.org_id = v_org AND t.is_pending_question AND t.turn_number < p_turn_number;
      END IF;
      IF v_effective IN ('DRAFT', 'INVITED') THEN
        UPDATE interviews i SET status = 'IN_PROGRESS', started_at = v_now, updated_at = v_now
          WHERE i.id = p_interview_id AND i.org_id = v_org;
      END IF;
      RETURN QUERY SELECT 'created'::text, v_org, NULL::text, v_row.turn_number, v_row.role, v_row.content, v_row.audio_url,
        v_row.is_pending_question, v_row.evaluation, v_row.created_at, v_row.updated_at, v_effective IN ('DRAFT', 'INVITED'),
        v_row.started_at, v_row.ended_at, v_row.offset_ms, v_row.duration_ms;
      RETURN;
    END IF;
    SELECT * INTO v_row FROM turns t WHERE t.interview_id = p_interview_id AND t.org_id = v_org AND t.turn_number = p_turn_number;
  END IF;

  -- A retry matches when every field equals the stored turn. A question's pending flag is the one field that later
  -- turns change: a retried question that was pending when first posted still matches once answered.
  IF v_row.role <> p_role THEN v_differs := array_append(v_differs, 'role'); END IF;
  IF v_row.content <> p_content THEN v_differs := array_append(v_differs, 'content'); END IF;
  IF v_row.audio_url IS DISTINCT FROM p_audio_url THEN v_differs := array_append(v_differs, 'audioUrl'); END IF;
  IF v_row.evaluation IS DISTINCT FROM p_evaluation THEN v_differs := array_append(v_differs, 'evaluation'); END IF;
  IF v_row.started_at IS DISTINCT FROM p_started_at THEN v_differs := array_append(v_differs, 'startedAt'); END IF;
  IF v_row.ended_at IS DISTINCT FROM p_ended_at THEN v_differs := array_append(v_differs, 'endedAt'); END IF;
  IF v_row.offset_ms IS DISTINCT FROM p_offset_ms THEN v_differs := array_append(v_differs, 'offsetMs'); END IF;
  IF v_row.duration_ms IS DISTINCT FROM p_duration_ms THEN v_differs := array_append(v_differs, 'durationMs'); END IF;
  IF v_row.is_pending_question <> p_is_pending AND NOT (p_is_pending AND EXISTS (
      SELECT 1 FROM turns t WHERE t.interview_id = p_interview_id AND t.org_id = v_org AND t.turn_number > p_turn_number)) THEN
    v_differs := array_append(v_differs, 'isPendingQuestion');
  END IF;
  RETURN QUERY SELECT (CASE WHEN cardinality(v_differs) > 0 THEN 'conflict' ELSE 'existing' END)::text, v_org,
    array_to_string(v_differs, ', '), v_row.turn_number, v_row.role, v_row.content, v_row.audio_url,
    v_row.is_pending_question, v_row.evaluation, v_row.created_at, v_row.updated_at, false,
    v_row.started_at, v_row.ended_at, v_row.offset_ms, v_row.duration_ms;
END
$$;
