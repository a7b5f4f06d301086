'use client';

import type { ComponentProps } from 'react';
import { Providers } from '@/components/trpc/providers';
import { QuestionSetCard } from './question-set-card';
import { StagesCard } from './stages-card';

/** Loaded after the campaign page (campaign-settings.tsx): the editing cards with the data layer their hooks need. */
export function QuestionSetCardWithData(props: ComponentProps<typeof QuestionSetCard>) {
  return (
    <Providers>
      <QuestionSetCard {...props} />
    </Providers>
  );
}

export function StagesCardWithData(props: ComponentProps<typeof StagesCard>) {
  return (
    <Providers>
      <StagesCard {...props} />
    </Providers>
  );
}
