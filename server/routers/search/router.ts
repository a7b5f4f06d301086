import { router } from '@/server/trpc';
import { globalSearchProcedure } from './global-search';

export const searchRouter = router({ global: globalSearchProcedure });
