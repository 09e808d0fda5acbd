import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-subtle text-fg-muted ring-line',
  accent: 'bg-accent-soft text-accent-text ring-accent/20',
  success: 'bg-success-soft text-success-text ring-success-text/15',
  warning: 'bg-warning-soft text-warning-text ring-warning-text/15',
  danger: 'bg-danger-soft text-danger-text ring-danger/20',
};

export function Badge({
  tone = 'neutral',
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        TONES[tone],
        className,
      )}
      {...rest}
    />
  );
}
