/** The dashboard's keyboard shortcuts: the help dialog (`?`) and the README list these. */
export const GO_TO = {
  o: { href: '/overview', label: 'Overview' },
  i: { href: '/interviews', label: 'Interviews' },
  c: { href: '/candidates', label: 'Candidates' },
  a: { href: '/campaigns', label: 'Campaigns' },
  s: { href: '/settings', label: 'Settings' },
} as const;

export const SHORTCUTS: { keys: string[]; description: string }[] = [
  { keys: ['/'], description: 'Search candidates, interviews and campaigns' },
  { keys: ['Esc'], description: 'Close the search results or a dialog' },
  { keys: ['↑', '↓', 'Enter'], description: 'Move through the search results and open one' },
  ...Object.entries(GO_TO).map(([key, { label }]) => ({ keys: ['g', key], description: `Go to ${label}` })),
  { keys: ['?'], description: 'Show these shortcuts' },
];

/** A key typed into a field is text, not a shortcut. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
  }
  return target.closest('[role="combobox"],[role="listbox"],[role="dialog"],[role="alertdialog"]') !== null;
}
