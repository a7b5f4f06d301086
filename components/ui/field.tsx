'use client';

import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from './cn';
import { Label } from './label';

export type ControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

type FieldProps = {
  label: ReactNode;
  /** The message under the control; marks the control aria-invalid and describes it. */
  error?: string;
  hint?: ReactNode;
  className?: string;
  /**
   * One form control, which receives id, aria-invalid and aria-describedby; or a function that places those
   * props itself (for composite controls such as a Radix Select, whose trigger is the labelled element).
   */
  children: ReactElement<Record<string, unknown>> | ((control: ControlProps) => ReactNode);
};

/** A labelled form control with its hint and error wired for assistive technology. */
export function Field({ label, error, hint, className, children }: FieldProps) {
  const id = useId();
  const ownId = typeof children !== 'function' && isValidElement(children) ? (children.props.id as string | undefined) : undefined;
  const controlId = ownId || `${id}-control`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control: ControlProps = {
    id: controlId,
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(hintId || errorId ? { 'aria-describedby': [error ? errorId : hintId].filter(Boolean).join(' ') } : {}),
  };
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={controlId}>{label}</Label>
      {typeof children === 'function' ? children(control) : cloneElement(children, control)}
      {hint && !error ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
