'use client';

import { useCallback, useState } from 'react';

/**
 * A dialog whose code loads when it is first opened (next/dynamic), not with the page. `mounted` turns true on the
 * first `show()` and stays true, so that the dialog closes with its animation and opens at once the next time.
 *
 *   const create = useLazyDialog();
 *   <Button onClick={create.show}>New key</Button>
 *   {create.mounted ? <CreateDialog open={create.open} onOpenChange={create.setOpen} /> : null}
 */
export function useLazyDialog() {
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const show = useCallback(() => {
    setMounted(true);
    setOpen(true);
  }, []);
  return { mounted, open, setOpen, show };
}
