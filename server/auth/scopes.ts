export const SCOPES = ['interviews:read', 'interviews:write', 'reports:read', 'candidates:read', 'candidates:write', 'webhooks:manage', 'audit:read'] as const;
export type Scope = (typeof SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'interviews:read': 'List and retrieve interviews',
  'interviews:write': 'Create interviews and record decisions',
  'reports:read': 'Interview reports, test reports and bulk export',
  'candidates:read': 'List and retrieve candidates',
  'candidates:write': 'Create, update and erase candidates',
  'webhooks:manage': 'Manage webhook endpoints, read their delivery log, replay and test events',
  'audit:read': 'List the audit log',
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
