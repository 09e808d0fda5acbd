import { Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { Input } from './input';

export interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  className?: string;
  'aria-describedby'?: string;
}

/** A search box (role searchbox) with a clear button. */
export function SearchInput({ value, onChange, label, placeholder, className, ...rest }: SearchInputProps) {
  const { t } = useTranslation();
  return (
    <div className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
        aria-hidden="true"
      />
      <Input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label={label}
        placeholder={placeholder}
        className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
        {...rest}
      />
      {value ? (
        <Button
          variant="ghost"
          size="icon-sm"
          className="absolute top-1/2 right-1 size-7 -translate-y-1/2"
          aria-label={t('common.clearSearch')}
          onClick={() => onChange('')}
        >
          <X />
        </Button>
      ) : null}
    </div>
  );
}
