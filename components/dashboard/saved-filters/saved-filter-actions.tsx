'use client';

import { BookmarkPlus, X } from 'lucide-react';
import dynamic from 'next/dynamic';
import { toast } from '@/components/ui/toast';
import type { Api } from '@/components/trpc/api-client';
import { useApiAction } from '@/components/trpc/use-api-action';
import { Button } from '@/components/ui/button';
import { useLazyDialog } from '@/components/ui/use-lazy-dialog';

/** The save dialog's code (a form with react-hook-form and zod) loads on the first "Save filter", not with the list. */
const SaveFilterDialog = dynamic(() => import('./save-filter-dialog'), { ssr: false });

const deleteFilter = (api: Api, input: { id: string }) => api.savedFilters.delete.mutate(input);
const deleted = { onSuccess: () => toast.success('Saved filter deleted'), onError: (error: { message: string }) => toast.error(`Not deleted: ${error.message}`) };

/** Deletes a saved filter; the page is then rendered again on the server, without it. */
export function DeleteSavedFilterButton({ id, name }: { id: string; name: string }) {
  const remove = useApiAction(deleteFilter, deleted);
  return (
    <button
      type="button"
      onClick={() => void remove.run({ id })}
      disabled={remove.pending}
      aria-label={`Delete saved filter ${name}`}
      className="rounded-r-full p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
    >
      <X className="size-3.5" aria-hidden />
    </button>
  );
}

/** "Save filter": the current filter and sort (`query`), under a name; the new link appears once the page is rendered again. */
export function SaveFilterButton({ list, query }: { list: 'interviews' | 'candidates'; query: string }) {
  const dialog = useLazyDialog();
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="ml-auto"
        aria-haspopup="dialog"
        aria-expanded={dialog.open}
        onClick={dialog.show}
      >
        <BookmarkPlus aria-hidden /> Save filter
      </Button>
      {dialog.mounted ? <SaveFilterDialog list={list} query={query} open={dialog.open} onOpenChange={dialog.setOpen} /> : null}
    </>
  );
}
