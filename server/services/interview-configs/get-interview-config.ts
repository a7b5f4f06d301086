import { and, eq } from 'drizzle-orm';
import { interviewConfigs } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { toInterviewConfigDto } from './interview-config-dto';
import type { InterviewConfigDto } from './interview-config-schemas';

export async function getInterviewConfig(db: DbExecutor, input: { orgId: string; id: string }): Promise<InterviewConfigDto> {
  if (!isIdOf('config', input.id)) throw notFound('Interview configuration');
  const [row] = await db
    .select()
    .from(interviewConfigs)
    .where(and(eq(interviewConfigs.id, input.id), eq(interviewConfigs.orgId, input.orgId)));
  if (!row) throw notFound('Interview configuration');
  return toInterviewConfigDto(row);
}
