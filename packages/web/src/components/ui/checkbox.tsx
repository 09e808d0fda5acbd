import * as RadixCheckbox from '@radix-ui/react-checkbox';
import { Check, Minus } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { focusRing } from './button';

export interface CheckboxProps {
  checked: boolean | 'indeterminate';
  onCheckedChange: (checked: boolean) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
  className?: string;
}

/** A Radix checkbox (role=checkbox); a <label htmlFor> or aria-label names it. */
export function Checkbox({ checked, onCheckedChange, className, ...rest }: CheckboxProps) {
  return (
    <RadixCheckbox.Root
      checked={checked}
      onCheckedChange={(value) => onCheckedChange(value === true)}
      className={cn(
        'flex size-4.5 shrink-0 items-center justify-center rounded-[5px] border border-line-control bg-surface transition-colors',
        'data-[state=checked]:border-accent data-[state=checked]:bg-accent data-[state=checked]:text-accent-fg',
        'data-[state=indeterminate]:border-accent data-[state=indeterminate]:bg-accent data-[state=indeterminate]:text-accent-fg',
        'disabled:opacity-50',
        focusRing,
        'focus-visible:ring-offset-1',
        className,
      )}
      {...rest}
    >
      <RadixCheckbox.Indicator>
        {checked === 'indeterminate' ? (
          <Minus className="size-3.5" strokeWidth={3} />
        ) : (
          <Check className="size-3.5" strokeWidth={3} />
        )}
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  );
}

export interface CheckboxFieldProps extends Omit<CheckboxProps, 'id' | 'aria-label'> {
  label: ReactNode;
  description?: ReactNode;
}

/** Checkbox with a visible label (and optional help text) that toggles it when clicked. */
export function CheckboxField({ label, description, className, ...rest }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={cn('flex items-start gap-2.5', className)}>
      <Checkbox id={id} className="mt-0.5" {...rest} />
      <div className="min-w-0">
        <label htmlFor={id} className="cursor-pointer text-sm leading-5 text-fg select-none">
          {label}
        </label>
        {description ? <p className="text-xs text-fg-subtle">{description}</p> : null}
      </div>
    </div>
  );
}
