'use client';

import { useEffect, useState } from 'react';
import { Input } from '@/components/ui/input';

/** A typed id for a filter (the picker's list is unavailable): applied on Enter or when leaving the field, not per keystroke. */
export function DeferredIdInput({ value, onCommit, ...props }: { value: string; onCommit: (id: string) => void; placeholder: string; disabled?: boolean; id?: string }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => text.trim() !== value && onCommit(text.trim());
  return (
    <Input
      {...props}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
      spellCheck={false}
      autoComplete="off"
      className="font-mono"
    />
  );
}
