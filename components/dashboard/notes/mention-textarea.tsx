'use client';

import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '@/components/ui/cn';

export type Teammate = { id: string; name: string | null; email: string };
/** A mention picked from the list: the user's id and the text it put into the note. */
export type PickedMention = { id: string; label: string };

export const mentionLabel = (t: Teammate) => `@${t.name ?? t.email}`;

/** The `@query` just before the caret, if the user is typing a mention. */
function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([^\s@]{0,30})$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[2].length - 1, query: match[2].toLowerCase() };
}

/** The ids whose text is still in the note: deleting "@Rita" from the text takes the mention back. */
export function mentionedIds(body: string, picked: PickedMention[]): string[] {
  return [...new Set(picked.filter((p) => body.includes(p.label)).map((p) => p.id))];
}

type Props = {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  onPick: (mention: PickedMention) => void;
  teammates: Teammate[];
  maxLength: number;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

/**
 * A plain-text area that offers teammates while an `@name` is being typed: the list is a listbox tied to the
 * text area (aria-controls, aria-activedescendant), moved through with the arrow keys, chosen with Enter or Tab or
 * a click, dismissed with Escape; a live region says how many teammates match.
 */
export function MentionTextarea({ id, value, onChange, onPick, teammates, maxLength, ...aria }: Props) {
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  /** Where the caret goes once a picked mention is in the value (set by choose, applied after the commit). */
  const pendingCaret = useRef<number | null>(null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const mention = mentionQueryAt(value, caret);
  const options = useMemo(() => {
    if (!mention) return [];
    return teammates
      .filter((t) => (t.name ?? '').toLowerCase().split(/\s+/).some((part) => part.startsWith(mention.query)) || t.email.toLowerCase().startsWith(mention.query) || (t.name ?? '').toLowerCase().startsWith(mention.query))
      .slice(0, 8);
  }, [mention, teammates]);
  const open = Boolean(mention) && options.length > 0 && dismissedAt !== mention?.start;
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));
  const optionId = (i: number) => `${listId}-option-${i}`;

  const choose = (teammate: Teammate) => {
    if (!mention) return;
    const label = mentionLabel(teammate);
    const next = `${value.slice(0, mention.start)}${label} ${value.slice(caret)}`.slice(0, maxLength);
    const nextCaret = Math.min(mention.start + label.length + 1, next.length);
    onChange(next);
    onPick({ id: teammate.id, label });
    setCaret(nextCaret);
    setActive(0);
    pendingCaret.current = nextCaret;
  };

  // The caret goes after the inserted mention as soon as the new value is committed, before the next key is
  // handled (a discrete event's update is flushed at its end): placed a frame later, it jumped back over the
  // characters a fast typist had typed meanwhile.
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !ref.current) return;
    pendingCaret.current = null;
    ref.current.focus();
    ref.current.setSelectionRange(at, at);
  }, [value]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + options.length) % options.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      choose(options[activeIndex]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissedAt(mention!.start);
    }
  };

  const syncCaret = () => setCaret(ref.current?.selectionStart ?? value.length);

  return (
    <div className="relative">
      <textarea
        ref={ref}
        id={id}
        value={value}
        rows={3}
        maxLength={maxLength}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(activeIndex) : undefined}
        onChange={(e) => {
          onChange(e.target.value);
          setCaret(e.target.selectionStart ?? e.target.value.length);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onKeyUp={(e) => (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key) ? syncCaret() : undefined)}
        onClick={syncCaret}
        onBlur={() => mention && setDismissedAt(mention.start)}
        onFocus={() => setDismissedAt(null)}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600"
        {...aria}
      />
      {open ? (
        // At most eight options, wrapped rather than scrolled: a scrolling list would need a focus of its own, and
        // the focus stays in the text area (a long address on a phone made the list scroll sideways).
        <ul id={listId} role="listbox" aria-label="Teammates to mention" className="absolute left-0 right-0 z-20 mt-1 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
          {options.map((t, i) => (
            <li
              key={t.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === activeIndex}
              // Keep the focus in the text area: the choice is made on mouse down, before it would blur.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(t);
              }}
              className={cn('cursor-pointer break-words px-3 py-1.5 text-sm', i === activeIndex ? 'bg-brand-50 text-brand-800' : 'text-slate-800')}
            >
              <span className="font-medium">{t.name ?? t.email}</span> <span className="text-xs text-slate-600">{t.email}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {open ? `${options.length} ${options.length === 1 ? 'teammate matches' : 'teammates match'}; arrow keys to move, Enter to mention.` : ''}
      </p>
    </div>
  );
}
