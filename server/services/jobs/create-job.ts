import { jobs } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { newId } from '@/server/ids';
import { toJobDto } from './job-dto';
import type { CreateJobInput, JobDto } from './job-schemas';

export async function createJob(db: DbExecutor, input: { orgId: string } & CreateJobInput): Promise<JobDto> {
  const [row] = await db
    .insert(jobs)
    .values({ id: newId('job'), orgId: input.orgId, title: input.title, description: input.description ?? null })
    .returning();
  return toJobDto(row);
}
