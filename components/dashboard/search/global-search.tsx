'use client';

import { Search } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { cn } from '@/components/ui/cn';
import type { RouterOutputs } from '@/components/trpc/react';
import { loadApi } from '@/components/trpc/use-api-action';
import { STATUS_LABELS } from '../format';
import { GLOBAL_SEARCH_INPUT_ID } from './keyboard-shortcuts';

type Option = { id: string; href: string; label: string; detail: string | null };
type Group = { key: string; title: string; options: Option[] };

const MIN_LENGTH = 2;

type Results = RouterOutputs['search']['global'];

/**
 * The results for the settled query, through the API client loaded on the first search (every page shows this
 * field; most never search). The last results stay while the next ones load; an answer that arrives after a newer
 * query was asked is dropped. A failed search shows as no results.
 */
function useSearchResults(query: string, enabled: boolean): { data: Results | undefined; isFetching: boolean } {
  const [data, setData] = useState<Results | undefined>();
  const [isFetching, setFetching] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setFetching(true);
    loadApi()
      .then((api) => api.search.global.query({ query }))
      .then(
        (found) => current && setData(found),
        () => current && setData(undefined),
      )
      .finally(() => current && setFetching(false));
    return () => {
      current = false;
    };
  }, [query, enabled]);
  return { data, isFetching };
}

/**
 * The header's search, "Quick find" (a name no list's own "Search" or "Candidate" field shares): a combobox
 * (ARIA 1.2) whose listbox groups candidates, interviews and campaigns. The
 * arrows move through every option across groups, Enter opens the active one, Esc closes the list (and clears
 * the field when the list is already closed). `/` anywhere focuses it (keyboard-shortcuts.tsx).
 */
export function GlobalSearch() {
  const router = useRouter();
  const listboxId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 200);
    return () => clearTimeout(timer);
  }, [text]);
  const enabled = query.length >= MIN_LENGTH;
  const results = useSearchResults(query, enabled);
  const groups = useMemo<Group[]>(() => {
    const data = enabled ? results.data : undefined;
    if (!data) return [];
    return [
      { key: 'candidates', title: 'Candidates', options: data.candidates.map((c) => ({ id: c.id, href: `/candidates/${c.id}`, label: c.name ?? c.email, detail: c.name ? c.email : null })) },
      {
        key: 'interviews',
        title: 'Interviews',
        options: data.interviews.map((i) => ({ id: i.id, href: `/interviews/${i.id}`, label: i.candidateName ?? i.candidateEmail ?? 'Erased candidate', detail: [i.jobTitle, STATUS_LABELS[i.status]].filter(Boolean).join(' · ') })),
      },
      { key: 'campaigns', title: 'Campaigns', options: data.campaigns.map((c) => ({ id: c.id, href: `/campaigns/${c.id}`, label: c.name, detail: c.jobTitle })) },
    ].filter((g) => g.options.length > 0);
  }, [enabled, results.data]);
  const flat = useMemo(() => groups.flatMap((g) => g.options), [groups]);
  useEffect(() => setActive(0), [query]);
  const showing = open && enabled;
  const expanded = showing && flat.length > 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  // The focus stays in the field, so the list scrolls to the option the arrows reach (a phone shows a few only).
  useEffect(() => {
    if (expanded) document.getElementById(`${listboxId}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, expanded, listboxId]);

  const go = (option: Option | undefined) => {
    if (!option) return;
    setOpen(false);
    setText('');
    router.push(option.href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (flat.length > 0) setActive((i) => (event.key === 'ArrowDown' ? (i + 1) % flat.length : (i - 1 + flat.length) % flat.length));
    } else if (event.key === 'Enter') {
      if (expanded && flat[active]) {
        event.preventDefault();
        go(flat[active]);
      }
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (showing) setOpen(false);
      else {
        setText('');
        event.currentTarget.blur();
      }
    }
  };

  let index = -1;
  return (
    <div role="search" aria-label="Everything" className="relative w-full max-w-md">
      <label htmlFor={GLOBAL_SEARCH_INPUT_ID} className="sr-only">
        Quick find
      </label>
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
      <input
        id={GLOBAL_SEARCH_INPUT_ID}
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && flat.length > 0 ? optionId(active) : undefined}
        aria-keyshortcuts="/"
        autoComplete="off"
        spellCheck={false}
        placeholder="Find candidates, interviews, campaigns…"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="h-9 w-full rounded-md border border-slate-300 bg-white pl-9 pr-10 text-sm shadow-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-600"
      />
      <kbd aria-hidden className="pointer-events-none absolute right-2 top-1/2 -translate-y-1/2 rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs text-slate-600">
        /
      </kbd>
      <div
        id={listboxId}
        role="listbox"
        aria-label="Quick find results"
        hidden={!expanded}
        className="absolute left-0 right-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
        {groups.map((group) => (
            <div key={group.key} role="group" aria-labelledby={`${listboxId}-${group.key}`}>
              <p id={`${listboxId}-${group.key}`} role="presentation" className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
                {group.title}
              </p>
              {group.options.map((option) => {
                index += 1;
                const mine = index;
                return (
                  <div
                    key={option.id}
                    id={optionId(mine)}
                    role="option"
                    aria-selected={mine === active}
                    data-href={option.href}
                    // Keep the focus in the field: the click lands before the blur closes the list.
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => go(option)}
                    onMouseMove={() => setActive(mine)}
                    className={cn('cursor-pointer rounded px-3 py-1.5 text-sm', mine === active ? 'bg-brand-50 text-brand-900' : 'text-slate-800')}
                  >
                    <span className="block truncate font-medium">{option.label}</span>
                    {option.detail ? <span className="block truncate text-xs text-slate-600">{option.detail}</span> : null}
                  </div>
                );
              })}
            </div>
          ))}
      </div>
      {showing && flat.length === 0 ? (
        <p role="status" className="absolute left-0 right-0 top-full z-50 mt-1 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-600 shadow-lg">
          {results.isFetching ? 'Searching…' : 'No results'}
        </p>
      ) : null}
    </div>
  );
}
