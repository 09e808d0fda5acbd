import type { InputHTMLAttributes, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { focusRing } from './button';

const controlBase = cn(
  'h-10 w-full min-w-0 rounded-lg border border-line-control bg-surface px-3 text-sm text-fg shadow-xs',
  'placeholder:text-fg-subtle transition-colors disabled:cursor-not-allowed disabled:opacity-60',
  'aria-invalid:border-danger aria-invalid:focus-visible:ring-danger',
  focusRing,
  'focus-visible:ring-offset-0',
);

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, ...rest }: InputProps) {
  return <input className={cn(controlBase, className)} {...rest} />;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
}

/** A native select: the platform picker is the most usable one on phones. */
export function Select({ className, children, ...rest }: SelectProps) {
  return (
    <select className={cn(controlBase, 'appearance-auto pr-8', className)} {...rest}>
      {children}
    </select>
  );
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line text control with the same border, focus and invalid styles as Input. */
export function Textarea({ className, rows = 4, ...rest }: TextareaProps) {
  return (
    <textarea
      rows={rows}
      className={cn(controlBase, 'h-auto min-h-20 resize-y py-2 leading-relaxed', className)}
      {...rest}
    />
  );
}
