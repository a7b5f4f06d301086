import type { jobs } from '@/db/schema';
import { iso } from '../fields';
import type { JobDto } from './job-schemas';

export function toJobDto(row: typeof jobs.$inferSelect): JobDto {
  return { id: row.id, title: row.title, description: row.description, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}
