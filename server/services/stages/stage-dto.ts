import type { stages } from '@/db/schema';
import { iso } from '../fields';
import type { StageDto } from './stage-schemas';

export function toStageDto(row: typeof stages.$inferSelect): StageDto {
  return {
    id: row.id,
    campaignId: row.campaignId,
    name: row.name,
    position: row.position,
    generateReport: row.generateReport,
    configId: row.configId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
