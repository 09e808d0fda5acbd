import { useId } from 'react';
import { cn } from '../../../lib/cn';

export interface RadioOptionProps<V extends string> {
  name: string;
  value: V;
  checked: boolean;
  onSelect: (value: V) => void;
  label: string;
  hint: string;
  disabled?: boolean;
}

/** A native radio inside a bordered, clickable card (label + hint), for the two-way choices of this page. */
export function RadioOption<V extends string>({
  name,
  value,
  checked,
  onSelect,
  label,
  hint,
  disabled,
}: RadioOptionProps<V>) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer items-start gap-2.5 rounded-xl border px-3 py-2.5 transition-colors',
        checked ? 'border-accent bg-accent-soft/60' : 'border-line hover:border-line-strong',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input
        id={id}
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onSelect(value)}
        className="mt-0.5 size-4 shrink-0 accent-(--color-accent)"
        aria-describedby={`${id}-hint`}
      />
      <span className="min-w-0">
        <span className="block text-sm font-medium text-fg">{label}</span>
        <span id={`${id}-hint`} className="block text-xs text-fg-subtle">
          {hint}
        </span>
      </span>
    </label>
  );
}
