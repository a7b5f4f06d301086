export const SCOPES = ['interviews:read', 'interviews:write', 'reports:read', 'candidates:read', 'candidates:write'] as const;
export type Scope = (typeof SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'interviews:read': 'List and retrieve interviews',
  'interviews:write': 'Create interviews',
  'reports:read': 'Interview reports, test reports and bulk export',
  'candidates:read': 'List and retrieve candidates',
  'candidates:write': 'Create and update candidates',
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
