import { router } from '@/server/trpc';
import { createSavedFilterProcedure } from './create-saved-filter';
import { deleteSavedFilterProcedure } from './delete-saved-filter';
import { listSavedFiltersProcedure } from './list-saved-filters';

export const savedFiltersRouter = router({ list: listSavedFiltersProcedure, create: createSavedFilterProcedure, delete: deleteSavedFilterProcedure });
