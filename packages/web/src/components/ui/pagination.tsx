import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
}

/** Previous / next with "page x of y"; hidden when everything fits on one page. */
export function Pagination({ page, totalPages, onPageChange, disabled }: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav
      aria-label={t('common.pagination.label')}
      className="flex items-center justify-between gap-3 border-t border-line px-4 py-3"
    >
      <Button
        variant="outline"
        size="sm"
        icon={<ChevronLeft />}
        onClick={() => onPageChange(page - 1)}
        disabled={disabled || page <= 1}
      >
        {t('common.pagination.previous')}
      </Button>
      <p className="text-center text-xs whitespace-nowrap text-fg-muted sm:text-sm" aria-live="polite">
        {t('common.pagination.page', { page, total: totalPages })}
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page + 1)}
        disabled={disabled || page >= totalPages}
      >
        {t('common.pagination.next')}
        <ChevronRight />
      </Button>
    </nav>
  );
}
