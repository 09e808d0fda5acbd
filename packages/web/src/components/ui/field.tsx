import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** Props a field hands to its control so label, hint and error are announced together. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** What the field is for, shown under the label (the hint goes under the control). */
  description?: ReactNode;
  /** A small action at the end of the label row, e.g. "reset to default". */
  labelAction?: ReactNode;
  required?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label + control + hint + error, wired with ids (forms find controls by label). */
export function Field({ label, error, hint, description, labelAction, required, className, children }: FieldProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-center gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {/* Outside the label so the control's accessible name is exactly the label text. */}
        {required ? (
          <span className="text-sm text-danger" aria-hidden="true">
            *
          </span>
        ) : null}
        {labelAction ? <div className="-my-1 ml-auto pl-2">{labelAction}</div> : null}
      </div>
      {description ? (
        <p id={descriptionId} className="-mt-1 text-xs text-fg-subtle">
          {description}
        </p>
      ) : null}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hintId ? (
        <p id={hintId} className="text-xs text-fg-subtle">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-danger-text" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level error (not tied to one field), under an optional heading. */
export function FormError({ message, title }: { message: string | undefined; title?: string }) {
  if (!message) return null;
  const box = 'rounded-lg border border-danger/30 bg-danger-soft px-3 py-2 text-sm text-danger-text';
  if (!title) {
    return (
      <p role="alert" className={box}>
        {message}
      </p>
    );
  }
  return (
    <div role="alert" className={box}>
      <p className="font-medium">{title}</p>
      <p className="mt-1 break-words">{message}</p>
    </div>
  );
}
