import { interviewConfigs } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { newId } from '@/server/ids';
import { checkQuestionCriteria } from './check-question-criteria';
import { provenanceFromDraft } from './generate-question-set';
import { toInterviewConfigDto } from './interview-config-dto';
import type { CreateInterviewConfigInput, InterviewConfigDto } from './interview-config-schemas';

export async function createInterviewConfig(db: DbExecutor, input: { orgId: string } & CreateInterviewConfigInput): Promise<InterviewConfigDto> {
  const questions = input.questions ?? [];
  const criteria = input.criteria ?? [];
  checkQuestionCriteria(questions, criteria);
  const [row] = await db
    .insert(interviewConfigs)
    .values({
      id: newId('config'),
      orgId: input.orgId,
      name: input.name,
      locale: input.locale ?? 'fr',
      extraLocales: input.extraLocales ?? [],
      questions,
      criteria,
      generateReport: input.generateReport ?? true,
      provenance: provenanceFromDraft(input.orgId, input.draftToken, { criteria, questions }),
    })
    .returning();
  return toInterviewConfigDto(row);
}
