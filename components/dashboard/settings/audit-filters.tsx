'use client';

import { useEffect, useRef, useState } from 'react';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input, inputClasses } from '@/components/ui/input';
import { useSearchState } from '../use-search-state';
import type { AuditFilterState } from './audit-input';

/** Typing a record id asks the server for the entries once the typing pauses, not at every key. */
const TYPING_PAUSE_MS = 300;

/**
 * The audit log's filters: each change goes into the URL (back to page 1) and the server renders the entries again.
 * The days are read in the viewer's zone, which goes into the URL (`tz`) with them.
 */
export function AuditFilters({ state, actions }: { state: AuditFilterState; actions: { value: string; label: string }[] }) {
  const { set } = useSearchState();
  // What the viewer chose shows at once; the URL (and the entries) follow.
  const [action, setAction] = useState(state.action);
  const [targetId, setTargetId] = useState(state.targetId);
  const [days, setDays] = useState({ from: state.from, to: state.to });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
  const setDay = (key: 'from' | 'to', value: string) => {
    const other = key === 'from' ? days.to : days.from;
    setDays((current) => ({ ...current, [key]: value }));
    set({ [key]: value, tz: value || other ? zone() : null }, { replace: true });
  };
  return (
    <Form className="grid gap-3 border-b border-slate-100 p-4 sm:grid-cols-4" onSubmit={(e) => e.preventDefault()}>
      <Field label="Action">
        <select className={inputClasses} value={action}
          onChange={(e) => {
            setAction(e.target.value);
            set({ action: e.target.value }, { replace: true });
          }}>
          <option value="">All actions</option>
          {actions.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Record id">
        <Input
          value={targetId}
          placeholder="cnd_…, itv_…, key_…"
          onChange={(e) => {
            const value = e.target.value;
            setTargetId(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => set({ target: value.trim() }, { replace: true }), TYPING_PAUSE_MS);
          }}
        />
      </Field>
      <Field label="From">
        <Input type="date" value={days.from} onChange={(e) => setDay('from', e.target.value)} />
      </Field>
      <Field label="To (included)">
        <Input type="date" value={days.to} onChange={(e) => setDay('to', e.target.value)} />
      </Field>
    </Form>
  );
}
