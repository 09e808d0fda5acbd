import { X } from 'lucide-react';
import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../lib/cn';
import { isValidExtension, splitExtensions } from '../../lib/setting-validation';
import type { SettingControlProps } from './control-props';

/** Typed or pasted text as extensions: commas and spaces separate them; case does not matter. */
function itemsOf(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((item) => item.toLowerCase())
    .filter((item) => item !== '');
}

/**
 * A comma-separated extension list edited as chips. The text box is the one tab stop; ← and → move
 * between chips, Backspace or Delete removes the focused one (or, in the empty box, the last one).
 * Invalid entries stay visible in red so the admin sees what the server would refuse.
 */
export function ExtensionListControl({ value, onChange, control }: SettingControlProps) {
  const { t } = useTranslation();
  const items = splitExtensions(value);
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const chipRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const invalid = items.filter((item) => !isValidExtension(item)).length;
  const helpId = `${control.id}-help`;

  function commit(raw: string) {
    setText('');
    const added = itemsOf(raw).filter((item, index, all) => !items.includes(item) && all.indexOf(item) === index);
    if (added.length > 0) onChange([...items, ...added].join(','));
  }

  function focusChip(index: number) {
    if (index < 0) return chipRefs.current[0]?.focus();
    if (index >= items.length) return inputRef.current?.focus();
    chipRefs.current[index]?.focus();
  }

  function removeAt(index: number) {
    onChange(items.filter((_, i) => i !== index).join(','));
    // Focus stays in the list: on the chip that moved into this place, else back in the text box.
    requestAnimationFrame(() => focusChip(index < items.length - 1 ? index : items.length));
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',' || event.key === ' ') {
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Backspace' && text === '' && items.length > 0) {
      event.preventDefault();
      onChange(items.slice(0, -1).join(','));
    } else if (event.key === 'ArrowLeft' && event.currentTarget.selectionStart === 0 && items.length > 0) {
      event.preventDefault();
      focusChip(items.length - 1);
    }
  }

  function onChipKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const moves: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: items.length };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusChip(target);
    } else if (event.key === 'Backspace' || event.key === 'Delete') {
      event.preventDefault();
      removeAt(index);
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData('text');
    if (!/[\s,]/.test(pasted)) return;
    event.preventDefault();
    commit(text + pasted);
  }

  return (
    <div className="group flex flex-col gap-1.5">
      <div
        className={cn(
          'flex min-h-10 flex-wrap items-center gap-1.5 rounded-lg border border-line-control bg-surface px-2 py-1.5 shadow-xs transition-colors',
          'focus-within:ring-2 focus-within:ring-accent',
          control['aria-invalid'] && 'border-danger focus-within:ring-danger',
        )}
        onClick={(event) => event.target === event.currentTarget && inputRef.current?.focus()}
      >
        <ul className="contents" aria-label={t('settings.extensions.list')}>
          {items.map((item, index) => {
            const bad = !isValidExtension(item);
            return (
              <li
                key={`${index}-${item}`}
                className={cn(
                  'inline-flex h-7 items-center gap-0.5 rounded-md pr-0.5 pl-2 font-mono text-xs',
                  bad ? 'bg-danger-soft text-danger-text ring-1 ring-danger/40 ring-inset' : 'bg-subtle text-fg',
                )}
              >
                {item}
                {bad ? <span className="sr-only">{t('settings.extensions.invalid')}</span> : null}
                <Button
                  ref={(el) => {
                    chipRefs.current[index] = el;
                  }}
                  variant="ghost"
                  size="icon-sm"
                  className="size-6 rounded text-current [&_svg]:size-3.5"
                  tabIndex={-1}
                  icon={<X />}
                  aria-label={t('settings.extensions.remove', { extension: item })}
                  onClick={() => removeAt(index)}
                  onKeyDown={(event) => onChipKeyDown(event, index)}
                />
              </li>
            );
          })}
        </ul>
        <input
          {...control}
          aria-describedby={[control['aria-describedby'], helpId].filter(Boolean).join(' ')}
          ref={inputRef}
          className="h-7 min-w-28 flex-1 bg-transparent px-1 text-sm text-fg outline-none placeholder:text-fg-subtle"
          value={text}
          placeholder={t('settings.extensions.placeholder')}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="done"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onInputKeyDown}
          onPaste={onPaste}
          onBlur={() => commit(text)}
        />
      </div>
      <p className="flex flex-wrap gap-x-2 text-xs text-fg-subtle" aria-live="polite">
        <span className="font-medium text-fg-muted">{t('settings.extensions.count', { count: items.length })}</span>
        {invalid > 0 ? (
          <span className="text-danger-text">{t('settings.extensions.invalidCount', { count: invalid })}</span>
        ) : null}
        {/* Six lists repeat it: shown only while editing this one; screen readers get it as the box's description. */}
        <span id={helpId} className="hidden group-focus-within:inline">
          {t('settings.extensions.help')}
        </span>
      </p>
    </div>
  );
}
