import type { campaigns } from '@/db/schema';
import { iso } from '../fields';
import type { CampaignDto } from './campaign-schemas';

export function toCampaignDto(row: typeof campaigns.$inferSelect): CampaignDto {
  return { id: row.id, jobId: row.jobId, name: row.name, configId: row.configId, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}
