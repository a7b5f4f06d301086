/** One address the recruiter pasted: `line` is its 1-based line in the text box. */
export type PastedInvitee = { line: number; entry: string; email: string; firstName?: string; lastName?: string };

/**
 * The entries of the "Email addresses" box: one per line, or several on a line separated by commas or semicolons;
 * each an address, or `Name <address>` (the name's first word is the first name, the rest the last name). Commas
 * inside `<…>` or quotes do not split. Blank entries are ignored. Addresses are not validated here (the candidate
 * rules do that, per entry).
 */
export function parseInvitees(text: string): PastedInvitee[] {
  const out: PastedInvitee[] = [];
  text.split(/\r?\n/).forEach((lineText, index) => {
    for (const raw of lineText.match(/(?:"[^"]*"|<[^>]*>|[^,;"<])+/g) ?? []) {
      const entry = raw.trim();
      if (entry === '') continue;
      const named = /^(.*?)\s*<([^>]*)>$/.exec(entry);
      if (named) {
        const name = named[1].replace(/^"|"$/g, '').trim();
        const [first, ...rest] = name.split(/\s+/).filter(Boolean);
        out.push({ line: index + 1, entry, email: named[2].trim(), ...(first ? { firstName: first } : {}), ...(rest.length ? { lastName: rest.join(' ') } : {}) });
      } else {
        out.push({ line: index + 1, entry, email: entry });
      }
    }
  });
  return out;
}

/** The entries as a candidate CSV (email, firstName, lastName), every cell quoted: row n + 2 is entry n. */
export function inviteesToCsv(invitees: PastedInvitee[]): string {
  const cell = (v: string | undefined) => `"${(v ?? '').replace(/"/g, '""')}"`;
  return ['email,firstName,lastName', ...invitees.map((i) => [i.email, i.firstName, i.lastName].map(cell).join(','))].join('\n');
}
