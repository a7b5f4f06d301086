import { and, eq } from 'drizzle-orm';
import { interviewConfigs } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { checkQuestionCriteria } from './check-question-criteria';
import { toInterviewConfigDto } from './interview-config-dto';
import type { InterviewConfigDto, UpdateInterviewConfigInput } from './interview-config-schemas';

export async function updateInterviewConfig(db: DbExecutor, input: { orgId: string } & UpdateInterviewConfigInput): Promise<InterviewConfigDto> {
  if (!isIdOf('config', input.id)) throw notFound('Interview configuration');
  const where = and(eq(interviewConfigs.id, input.id), eq(interviewConfigs.orgId, input.orgId));
  return db.transaction(async (tx) => {
    // Locked so that two partial updates (questions in one, criteria in the other) cannot combine unchecked.
    const [current] = await tx.select().from(interviewConfigs).where(where).for('update');
    if (!current) throw notFound('Interview configuration');
    const questions = input.questions ?? current.questions;
    const criteria = input.criteria ?? current.criteria;
    checkQuestionCriteria(questions, criteria);
    const [row] = await tx
      .update(interviewConfigs)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.locale !== undefined ? { locale: input.locale } : {}),
        ...(input.extraLocales !== undefined ? { extraLocales: input.extraLocales } : {}),
        ...(input.questions !== undefined ? { questions: input.questions } : {}),
        ...(input.criteria !== undefined ? { criteria: input.criteria } : {}),
        ...(input.generateReport !== undefined ? { generateReport: input.generateReport } : {}),
        // A generated set whose questions or criteria a person changes is no longer the model's alone.
        ...(current.provenance && (input.questions !== undefined || input.criteria !== undefined) && JSON.stringify([questions, criteria]) !== JSON.stringify([current.questions, current.criteria])
          ? { provenance: { ...current.provenance, editedByHuman: true } }
          : {}),
        updatedAt: new Date(),
      })
      .where(where)
      .returning();
    return toInterviewConfigDto(row);
  });
}
