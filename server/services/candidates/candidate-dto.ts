import type { candidates } from '@/db/schema';
import { iso } from '../fields';
import type { CandidateDto } from './candidate-schemas';

export function toCandidateDto(row: typeof candidates.$inferSelect): CandidateDto {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    locale: row.locale,
    cvUrl: row.cvUrl,
    tags: row.tags,
    source: row.source,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
