import { Check, Copy } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { toast } from '../ui/toaster';

export interface CopyFieldProps {
  label: string;
  value: string;
  hint?: string;
  /** The copy button's accessible name; it must not repeat the field's label, which names the value alone. */
  copyLabel: string;
  /** Toast shown after copying. */
  copiedMessage: string;
}

/**
 * Keeps the end of a value in view when the field is narrower than it: a link's slug is the part that
 * tells links apart (on a phone the start alone is just the host).
 */
function useEndInView(value: string) {
  const ref = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const input = ref.current;
    if (!input) return;
    const show = () => {
      input.scrollLeft = input.scrollWidth;
    };
    show();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(show);
    observer.observe(input);
    return () => observer.disconnect();
  }, [value]);
  return ref;
}

/** A read-only value (a link) with a copy button; the field is named by its label. */
export function CopyField({ label, value, hint, copyLabel, copiedMessage }: CopyFieldProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const input = useEndInView(value);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await copyText(value);
      setCopied(true);
      toast.success(copiedMessage);
    } catch {
      toast.error(t('share.copyFailed'));
    }
  }

  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <div className="flex gap-2">
          <Input
            {...control}
            ref={input}
            readOnly
            value={value}
            className="font-mono text-[13px]"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            variant="outline"
            icon={copied ? <Check /> : <Copy />}
            onClick={() => void copy()}
            aria-label={copyLabel}
          >
            <span className="hidden sm:inline">{copied ? t('share.copied') : t('share.copy')}</span>
          </Button>
        </div>
      )}
    </Field>
  );
}
