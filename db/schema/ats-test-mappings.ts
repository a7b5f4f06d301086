import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ATS_KINDS } from './ats-kinds';
import { campaigns } from './campaigns';
import { interviewConfigs } from './interview-configs';
import { organizations } from './organizations';
import { stages } from './stages';

/**
 * One test the ATS may order (Greenhouse's `partner_test_id` is this row's id, its `partner_test_name` the name):
 * what an order of it becomes here, a campaign (hence its job), optionally a stage of it and a configuration.
 */
export const atsTestMappings = pgTable(
  'ats_test_mappings',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    ats: text('ats', { enum: ATS_KINDS }).notNull(),
    name: text('name').notNull(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    stageId: text('stage_id').references(() => stages.id),
    configId: text('config_id').references(() => interviewConfigs.id),
    /**
     * The ATS's own name for what orders this test, where the ATS has no test list to pick from (Lever: the id of
     * the stage whose Candidate Stage Change webhook invites the candidate). One test per such stage.
     */
    atsStageId: text('ats_stage_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ats_test_mappings_org_idx').on(t.orgId, t.ats, t.createdAt),
    uniqueIndex('ats_test_mappings_stage_idx').on(t.orgId, t.ats, t.atsStageId).where(sql`${t.atsStageId} is not null`),
  ],
);
