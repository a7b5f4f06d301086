'use client';

import { X } from 'lucide-react';
import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { Badge } from '@/components/ui/badge';

/** Tags to filter by (candidates must have all of them): type one and press Enter or comma. */
export function TagFilter({ tags, onChange, id, ...aria }: { tags: string[]; onChange: (tags: string[]) => void; id?: string; 'aria-describedby'?: string }) {
  const [text, setText] = useState('');
  const addTags = (parts: string[]) => {
    const fresh = parts.map((p) => p.trim()).filter((p, i, all) => p && !tags.includes(p) && all.indexOf(p) === i);
    if (fresh.length > 0) onChange([...tags, ...fresh]);
  };
  const add = () => {
    addTags([text]);
    setText('');
  };
  return (
    <div className="grid gap-2">
      <Input
        id={id}
        {...aria}
        value={text}
        placeholder="Type a tag, press Enter"
        onChange={(e) => {
          const parts = e.target.value.split(',');
          const rest = parts.pop() ?? '';
          addTags(parts);
          setText(rest);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add();
          } else if (e.key === 'Backspace' && text === '' && tags.length > 0) {
            onChange(tags.slice(0, -1));
          }
        }}
        onBlur={() => text.trim() && add()}
      />
      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tag filters">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge tone="brand" className="pr-1">
                {tag}
                <button type="button" onClick={() => onChange(tags.filter((t) => t !== tag))} className="rounded-full p-0.5 hover:bg-brand-100">
                  <X aria-hidden />
                  <span className="sr-only">Remove the tag filter {tag}</span>
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
