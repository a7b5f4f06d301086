'use client';

import { useId, useRef, useState } from 'react';
import { Form } from '@/components/ui/form';
import type { InterviewCopy } from './interview-copy';
import { needsSetup, type InterviewMode } from './interview-machine';

/**
 * What the candidate is told before anything is recorded (docs/INTERVIEWER.md), in the terms of the mode they will
 * actually get, and the acknowledgement. Nothing is posted before the box is ticked.
 */
export function InterviewNotice({
  copy,
  headingRef,
  organizationName,
  contactEmail,
  retentionDays,
  mode,
  onAccept,
}: {
  copy: InterviewCopy;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  organizationName: string;
  contactEmail: string | null;
  retentionDays: number | null;
  mode: InterviewMode;
  onAccept: () => void;
}) {
  const [accepted, setAccepted] = useState(false);
  const [missing, setMissing] = useState(false);
  const checkboxRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  // Written and external start from here; recorded and live go on to the microphone check.
  const startsHere = !needsSetup(mode);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!accepted) {
      setMissing(true);
      checkboxRef.current?.focus();
      return;
    }
    onAccept();
  };
  return (
    <Form onSubmit={submit} noValidate data-testid="notice" data-mode={mode}>
      <h2 id="cp-stage-title" ref={headingRef} tabIndex={-1}>
        {copy.noticeTitle}
      </h2>
      {/* One phone screen: what the candidate must know before consenting; the rest one tap away (issue 25). */}
      <ul className="cp-notice" data-testid="notice-items">
        <li>{copy.noticeAi(mode)}</li>
        <li>{copy.noticeRecorded(mode)}</li>
        <li>{copy.noticeHuman(organizationName)}</li>
      </ul>
      <details className="cp-details" data-testid="notice-details">
        <summary>{copy.noticeDetails}</summary>
        <ul className="cp-notice" data-testid="notice-more">
          {needsSetup(mode) ? <li>{copy.noticeWritten}</li> : null}
          <li>{copy.noticeRetention(retentionDays)}</li>
          <li>{copy.noticeContact(organizationName, contactEmail)}</li>
          <li>{copy.noticeAlternative(organizationName, contactEmail)}</li>
        </ul>
      </details>
      <label className="cp-check">
        <input
          ref={checkboxRef}
          type="checkbox"
          checked={accepted}
          onChange={(e) => {
            setAccepted(e.target.checked);
            if (e.target.checked) setMissing(false);
          }}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? hintId : undefined}
          data-testid="consent"
        />
        <span>{copy.acknowledge}</span>
      </label>
      {missing ? (
        <p id={hintId} className="cp-field-error" role="alert">
          {copy.acknowledgeRequired}
        </p>
      ) : null}
      <button type="submit" className="cp-button" data-testid={startsHere ? 'start-interview' : 'accept-notice'}>
        {startsHere ? copy.start : copy.continue}
      </button>
    </Form>
  );
}
