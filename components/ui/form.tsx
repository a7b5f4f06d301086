'use client';

import type { ComponentProps } from 'react';
import { useIsClient } from './use-is-client';

/**
 * A form whose controls stay disabled until the page is hydrated. A server-rendered form is on screen before its
 * handlers are: a value typed then would be overwritten when the form library registers the field, and a click
 * would submit natively. Disabled controls say "not yet" instead of losing the input.
 */
export function Form({ children, readOnly = false, ...props }: ComponentProps<'form'> & { readOnly?: boolean }) {
  const ready = useIsClient();
  return (
    <form {...props}>
      {/* readOnly: the user may see the values but not change them (a viewer); the page says why. */}
      <fieldset disabled={!ready || readOnly} className="contents">
        {children}
      </fieldset>
    </form>
  );
}
