import type { LucideIcon } from 'lucide-react';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api/error-message';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { ErrorState } from '../ui/error-state';
import { PageHeader } from '../ui/page-header';
import { Skeleton } from '../ui/spinner';

/** The list query's state, as TanStack Query reports it. */
export interface CardListQuery<T> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  data: T[] | undefined;
  refetch: () => unknown;
}

export interface CardListPageProps<T> {
  title: string;
  description: string;
  /** The create button's label; it opens the form (in the header, and in the empty state). */
  createLabel: string;
  onCreate: () => void;
  query: CardListQuery<T>;
  texts: { loading: string; loadError: string; emptyTitle: string; emptyDescription: string };
  emptyIcon: LucideIcon;
  /** The line above the cards ("3 mounts, 2 active"). */
  summary: (items: T[]) => string;
  card: (item: T) => ReactNode;
  /** Skeleton lines of a loading card below its title (a quota meter adds one). */
  skeletonMeter?: boolean;
  /** The page's dialogs (form, confirmations). */
  children?: ReactNode;
}

/**
 * An admin page that lists one kind of thing as cards (storage configs, mounts): the header with its create
 * button, then loading, error (with retry), empty (with create) or the summary and a responsive card grid.
 */
export function CardListPage<T>(props: CardListPageProps<T>) {
  const { query, texts } = props;
  const list = query.data ?? [];
  const createButton = (
    <Button icon={<Plus />} onClick={props.onCreate}>
      {props.createLabel}
    </Button>
  );
  return (
    <div>
      <PageHeader title={props.title} description={props.description} actions={createButton} />
      {query.isPending ? (
        <LoadingCards label={texts.loading} meter={props.skeletonMeter ?? false} />
      ) : query.isError ? (
        <Card>
          <ErrorState
            title={texts.loadError}
            message={errorMessage(query.error)}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </Card>
      ) : list.length === 0 ? (
        <Card>
          <EmptyState
            icon={props.emptyIcon}
            title={texts.emptyTitle}
            description={texts.emptyDescription}
            action={createButton}
          />
        </Card>
      ) : (
        <>
          <p className="mb-3 text-sm text-fg-muted" aria-live="polite">
            {props.summary(list)}
          </p>
          {/* items-start: a short card keeps its height instead of stretching to a blank area.
              grid-cols-1 on phones: an implicit column would grow to a long one-line name or endpoint. */}
          <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-2 2xl:grid-cols-3">
            {list.map(props.card)}
          </div>
        </>
      )}
      {props.children}
    </div>
  );
}

function LoadingCards({ label, meter }: { label: string; meter: boolean }) {
  return (
    <div className="grid gap-4 md:grid-cols-2" role="status" aria-label={label}>
      {[0, 1].map((card) => (
        <Card key={card} className="flex flex-col gap-3 p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-xl" />
            <Skeleton className="h-4 w-40" />
          </div>
          <Skeleton className="h-3 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
          {meter ? <Skeleton className="h-2 w-full" /> : null}
        </Card>
      ))}
    </div>
  );
}
