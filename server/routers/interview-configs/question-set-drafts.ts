import { z } from 'zod';
import { GenerateQuestionSetInputSchema, ListTemplatesInputSchema } from '@/server/services/interview-configs/interview-config-schemas';
import { generateQuestionSet, questionSetGenerationAvailability } from '@/server/services/interview-configs/generate-question-set';
import { listQuestionSetTemplates } from '@/server/services/interview-configs/templates';
import { memberProcedure, recruiterProcedure } from '@/server/trpc';

const Anchors = z.object({ low: z.string().optional(), mid: z.string().optional(), high: z.string().optional() });
const Criterion = z.object({ key: z.string(), label: z.string(), weight: z.number(), anchors: Anchors.optional() });
const Question = z.object({ id: z.string(), text: z.string(), criterion: z.string().optional() });

/** The library of ready question sets (typed data in the code: no model needed). */
export const listTemplatesProcedure = memberProcedure
  .input(ListTemplatesInputSchema)
  .output(z.array(z.object({ id: z.string(), role: z.string(), locale: z.string(), name: z.string(), description: z.string(), criteria: z.array(Criterion), questions: z.array(Question) })))
  .query(({ input }) => listQuestionSetTemplates(input.locale));

/** Whether "Generate from job description" can work: the organization has a language model. */
export const generationAvailabilityProcedure = memberProcedure
  .output(z.object({ available: z.boolean(), model: z.string().nullable() }))
  .query(({ ctx }) => questionSetGenerationAvailability(ctx.db, ctx.orgId));

/** A draft from the job description, never saved: the recruiter edits it, then saves it with its draftToken. */
export const generateQuestionSetProcedure = recruiterProcedure
  .input(GenerateQuestionSetInputSchema)
  .output(
    z.object({
      name: z.string(),
      locale: z.string(),
      criteria: z.array(Criterion),
      questions: z.array(Question),
      generatedBy: z.object({ provider: z.string(), model: z.string() }),
      draftToken: z.string().nullable(),
    }),
  )
  .mutation(({ ctx, input }) => generateQuestionSet(ctx.db, { orgId: ctx.orgId, audit: ctx.audit, ...input }));
