import { FILE_ACCESS_TOKEN_TTL_MS, Permission, type FilePublicDto } from '@driftbox/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Skeleton } from '../../../components/ui/spinner';
import { useOwnerRead } from '../../../lib/hooks/use-owner-read';
import { useTimePassed } from '../../../lib/hooks/use-time-passed';
import { ownFileQuery } from '../api/get-own-file';
import { usePreviewSettings } from '../api/get-preview-settings';
import { publicFileQuery } from '../api/get-public-file';
import { FileDetails } from './file-details';
import { FileOwnerView } from './file-owner-view';
import type { OpenFile } from './file-preview';
import { FilePasswordForm } from './file-password-form';
import { FileUnavailable } from './file-unavailable';
import { LinksExpired } from './links-expired';

/**
 * /file/{slug}. A possible owner (the admin, a key with file permission) is checked first through the
 * management detail, which counts no view. Everyone else reads the public way. Views: the server counts
 * one when the metadata of a public share is read (or when a password is checked) and hands out links
 * with a short-lived token that it does not count again. So this page reads the metadata exactly once
 * per visit (a query that never refetches, its token kept per tab so a reload within the hour counts
 * nothing either) and everything after — preview, text content, Office link, download — goes through
 * those token links. Links without a token would each count a view of a limited share, which is why
 * the page never builds its own.
 */
export function FileViewPage() {
  const { slug = '' } = useParams();
  const own = useOwnerRead(ownFileQuery(slug), Permission.FILE_MANAGE);
  const file = useQuery({ ...publicFileQuery(slug), enabled: own.known && !own.owned });
  const preview = usePreviewSettings();
  const [unavailable, setUnavailable] = useState<unknown>();
  // Set by a right password: the form (and its focus) goes away, so focus moves to the file and it is announced.
  const [unlocked, setUnlocked] = useState<string>();
  const { t } = useTranslation();
  const linksExpired = useTimePassed(file.data?.access_token_expires_at);
  const ownerLinksExpired = useTimePassed(
    own.owned ? new Date(own.readAt + FILE_ACCESS_TOKEN_TTL_MS).toISOString() : null,
  );

  function content() {
    if (!own.known) return <FileLoading />;
    if (own.owned) {
      if (!preview.ready) return <FileLoading />;
      // The owner's links carry a token too; reading the detail again counts nothing.
      const reopen = ownerLinksExpired ? { onReopen: own.refetch, reopening: own.refetching } : undefined;
      return <FileOwnerView file={own.owned} settings={preview.settings} now={own.readAt} linksExpired={reopen} />;
    }
    if (unavailable !== undefined) return <FileUnavailable error={unavailable} known={file.data} />;
    if (file.isPending || (file.isSuccess && !file.data.requires_password && !preview.ready)) return <FileLoading />;
    if (file.isError)
      return <FileUnavailable error={file.error} onRetry={() => void file.refetch()} retrying={file.isFetching} />;
    if (file.data.requires_password || !isOpen(file.data))
      return (
        <FilePasswordForm
          file={file.data}
          onUnavailable={setUnavailable}
          onUnlocked={(open) => setUnlocked(open.filename)}
        />
      );
    // The links carry a token that lasts an hour: after it, they would be refused (or count a view each).
    if (linksExpired) {
      const limited = file.data.max_views > 0;
      const cost = file.data.has_password
        ? limited
          ? 'passwordCountsView'
          : 'password'
        : limited
          ? 'countsView'
          : 'description';
      const notice = <LinksExpired cost={cost} onReopen={() => void file.refetch()} reopening={file.isFetching} />;
      return <FileDetails file={file.data} settings={preview.settings} openable={false} notice={notice} />;
    }
    return <FileDetails file={file.data} settings={preview.settings} focusHeading={unlocked !== undefined} />;
  }

  return (
    <div className="px-4 py-6 sm:px-6 lg:py-8">
      {/* Present from the start, so screen readers announce the text when it is set. */}
      <p className="sr-only" role="status" aria-live="polite">
        {unlocked === undefined ? '' : t('fileView.password.unlocked', { name: unlocked })}
      </p>
      {content()}
    </div>
  );
}

function isOpen(file: FilePublicDto): file is OpenFile {
  return file.previewUrl !== null && file.downloadUrl !== null;
}

function FileLoading() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4" role="status" aria-label={t('common.loading')}>
      <Skeleton className="h-28 w-full rounded-2xl" />
      <Skeleton className="h-96 w-full rounded-2xl" />
    </div>
  );
}
