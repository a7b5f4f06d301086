import { invalidField } from '@/server/errors';
import { TurnNumberParamSchema } from '@/server/services/turns/turn-schemas';

/** The path's `:turnNumber`, or 400 naming it. */
export function turnNumberParam(value: string | undefined): number {
  const parsed = TurnNumberParamSchema.safeParse(value ?? '');
  if (!parsed.success) throw invalidField('turnNumber', 'Must be an integer from 1 to 10000');
  return parsed.data;
}

/** For a route's `checkParams`: the turn number is checked before the body is read. */
export function checkTurnNumber(params: Record<string, string>): void {
  turnNumberParam(params.turnNumber);
}
