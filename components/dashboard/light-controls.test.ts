import { describe, expect, it } from 'vitest';
import { badgeVariants } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { BADGE_TONES, BUTTON_SIZES, BUTTON_VARIANTS, lightBadgeClass, lightButtonClass } from './light-controls';

describe('the list islands’ light controls', () => {
  it('have the classes of components/ui’s Button and Badge', () => {
    for (const variant of Object.keys(BUTTON_VARIANTS) as (keyof typeof BUTTON_VARIANTS)[]) {
      for (const size of Object.keys(BUTTON_SIZES) as (keyof typeof BUTTON_SIZES)[]) {
        expect(lightButtonClass(variant, size)).toBe(buttonVariants({ variant, size }));
      }
    }
    for (const tone of Object.keys(BADGE_TONES) as (keyof typeof BADGE_TONES)[]) expect(lightBadgeClass(tone)).toBe(badgeVariants({ tone }));
  });
});
