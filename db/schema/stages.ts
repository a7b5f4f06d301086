import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { interviewConfigs } from './interview-configs';
import { organizations } from './organizations';

/** A pipeline stage of a campaign. Its generateReport decides finalize's default. */
export const stages = pgTable(
  'stages',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    campaignId: text('campaign_id').notNull().references(() => campaigns.id),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    generateReport: boolean('generate_report').notNull().default(true),
    /** The question set of this stage's invitations; null: the campaign's. */
    configId: text('config_id').references(() => interviewConfigs.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stages_campaign_idx').on(t.campaignId, t.position)],
);
