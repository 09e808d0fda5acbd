import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { focusRing } from './button';

export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean | undefined;
  className?: string;
}

/**
 * An on/off switch (WAI-ARIA `role="switch"`): Space and Enter toggle it as they press any button.
 * A `<label htmlFor>` or `aria-label` names it; use it for settings that take effect as a state,
 * a Checkbox for choices within a form.
 */
export function Switch({ checked, onCheckedChange, className, ...rest }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={checked ? 'checked' : 'unchecked'}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border border-transparent transition-colors',
        'disabled:cursor-not-allowed disabled:opacity-50',
        checked ? 'bg-accent' : 'bg-line-control',
        focusRing,
        className,
      )}
      {...rest}
    >
      <span
        aria-hidden="true"
        className={cn(
          'pointer-events-none block size-5 rounded-full bg-white shadow-sm ring-1 ring-black/5 transition-transform',
          checked ? 'translate-x-5' : 'translate-x-0.5',
        )}
      />
    </button>
  );
}

export interface SwitchFieldProps extends Omit<SwitchProps, 'id' | 'aria-label' | 'aria-describedby' | 'aria-invalid'> {
  label: ReactNode;
  description?: ReactNode;
  error?: string | undefined;
  /** A small action beside the switch, e.g. "reset to default". */
  action?: ReactNode;
}

/** A setting row: label and description on the left, the switch on the right; the label names it. */
export function SwitchField({ label, description, error, action, className, ...rest }: SwitchFieldProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex items-start justify-between gap-4', className)}>
      <div className="min-w-0">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium text-fg select-none">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="mt-0.5 text-xs text-fg-subtle">
            {description}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} className="mt-1 text-xs font-medium text-danger-text" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {action}
        <Switch id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...rest} />
      </div>
    </div>
  );
}
