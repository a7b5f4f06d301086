import { and, eq } from 'drizzle-orm';
import { jobs } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { toJobDto } from './job-dto';
import type { JobDto, UpdateJobInput } from './job-schemas';

export async function updateJob(db: DbExecutor, input: { orgId: string } & UpdateJobInput): Promise<JobDto> {
  if (!isIdOf('job', input.id)) throw notFound('Job posting');
  const [row] = await db
    .update(jobs)
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(jobs.id, input.id), eq(jobs.orgId, input.orgId)))
    .returning();
  if (!row) throw notFound('Job posting');
  return toJobDto(row);
}
