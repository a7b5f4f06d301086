'use client';

import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';

/** A search box that reports its value after the typing pauses, and follows the URL when it changes. */
type SearchInputProps = {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
  /** When no <label> points at the input (pass `id` from a Field instead). */
  'aria-label'?: string;
  id?: string;
  'aria-describedby'?: string;
};

export function SearchInput({ value, onChange, placeholder, className, ...inputProps }: SearchInputProps) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastSent = useRef(value);
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const send = (next: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      lastSent.current = next.trim();
      onChange(next.trim());
    }, 300);
  };
  return (
    <div className={`relative ${className ?? ''}`}>
      <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
      <Input
        type="search"
        {...inputProps}
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          send(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            clearTimeout(timer.current);
            lastSent.current = text.trim();
            onChange(text.trim());
          }
        }}
        className="pl-8 pr-8 [&::-webkit-search-cancel-button]:hidden"
      />
      {text ? (
        <button
          type="button"
          onClick={() => {
            setText('');
            clearTimeout(timer.current);
            lastSent.current = '';
            onChange('');
          }}
          className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-0.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <X className="size-4" aria-hidden />
          <span className="sr-only">Clear search</span>
        </button>
      ) : null}
    </div>
  );
}
