import { describe, expect, it } from 'vitest';
import { USER_ROLES as SCHEMA_ROLES } from '@/db/schema/users';
import { USER_ROLES } from './team-labels';

describe('team labels', () => {
  it('lists every role of the database schema, in its order', () => {
    expect([...USER_ROLES]).toEqual([...SCHEMA_ROLES]);
  });
});
