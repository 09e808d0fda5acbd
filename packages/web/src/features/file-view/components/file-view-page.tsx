import { Permission, type FileDetailDto, type FilePublicDto } from '@driftbox/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Skeleton } from '../../../components/ui/spinner';
import { canUse } from '../../../lib/admin-access';
import { useAuth, type AuthState } from '../../../lib/auth-store';
import { ownFileQuery } from '../api/get-own-file';
import { usePreviewSettings } from '../api/get-preview-settings';
import { publicFileQuery } from '../api/get-public-file';
import { FileDetails } from './file-details';
import { FileOwnerView } from './file-owner-view';
import type { OpenFile } from './file-preview';
import { FilePasswordForm } from './file-password-form';
import { FileUnavailable } from './file-unavailable';

/** Spec §6: the admin owns every share; a key owns those whose created_by is `apikey:<its id>`. */
function owns(auth: AuthState, file: FileDetailDto): boolean {
  if (auth.kind === 'admin') return true;
  return auth.kind === 'apikey' && file.created_by === `apikey:${auth.info.id}`;
}

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
  const auth = useAuth();
  const checkOwner = canUse(auth, Permission.FILE_SHARE);
  const own = useQuery({ ...ownFileQuery(slug), enabled: checkOwner });
  const isOwner = own.isSuccess && owns(auth, own.data);
  const ownerKnown = !checkOwner || own.isSuccess || own.isError;
  const file = useQuery({ ...publicFileQuery(slug), enabled: ownerKnown && !isOwner });
  const preview = usePreviewSettings();
  const [unavailable, setUnavailable] = useState<unknown>();

  function content() {
    if (!ownerKnown) return <FileLoading />;
    if (isOwner) return preview.ready ? <FileOwnerView file={own.data} settings={preview.settings} now={own.dataUpdatedAt} /> : <FileLoading />;
    if (unavailable !== undefined) return <FileUnavailable error={unavailable} known={file.data} />;
    if (file.isPending || (file.isSuccess && !file.data.requires_password && !preview.ready)) return <FileLoading />;
    if (file.isError) return <FileUnavailable error={file.error} onRetry={() => void file.refetch()} retrying={file.isFetching} />;
    if (file.data.requires_password || !isOpen(file.data)) return <FilePasswordForm file={file.data} onUnavailable={setUnavailable} />;
    return <FileDetails file={file.data} settings={preview.settings} />;
  }

  return <div className="px-4 py-6 sm:px-6 lg:py-8">{content()}</div>;
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
