import { Permission } from '@driftbox/contract';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ShareNotice } from '../../../components/share/share-notice';
import { Skeleton } from '../../../components/ui/spinner';
import { loadRenderer } from '../../../components/markdown/use-rendered-markdown';
import { firstViewHtml, firstViewRendersMarkdown } from '../../../lib/boot/first-view';
import { loadAllTexts } from '../../../lib/site/i18n';
import { useOwnerRead } from '../../../lib/hooks/use-owner-read';
import { ownPasteQuery } from '../api/get-own-paste';
import { pasteViewQuery } from '../api/get-paste';
import { readAccessToken } from '../lib/access-token';
import { PasteDocument } from './paste-document';

// The password form (and its mutation) loads only for a protected paste.
const PastePasswordForm = lazy(() =>
  import('./paste-password-form').then((module) => ({ default: module.PastePasswordForm })),
);
// Why a paste cannot be shown (and its icons and cards): only a reader who meets it downloads it (issue 30).
const PasteUnavailable = lazy(() =>
  import('./paste-unavailable').then((module) => ({ default: module.PasteUnavailable })),
);
// The owner's view (the edit form and its editor, all of the texts) is not what a visitor opening a link downloads.
const PasteOwnerView = lazy(() =>
  Promise.all([import('./paste-owner-view'), loadAllTexts()]).then(([module]) => ({ default: module.PasteOwnerView })),
);

/**
 * /paste/{slug}. A possible owner is checked first through the management detail (no view counted);
 * everyone else reads the public way, which counts a view, or meets the password form.
 */
export function PasteViewPage() {
  const { slug = '' } = useParams();
  const own = useOwnerRead(ownPasteQuery(slug), Permission.TEXT_MANAGE);
  const view = useQuery({ ...pasteViewQuery(slug), enabled: own.known && !own.owned });
  const [unavailable, setUnavailable] = useState<unknown>();
  // Set by a right password: the form and its focus go away, so focus moves to the paste's heading.
  const [unlocked, setUnlocked] = useState(false);
  // A paste the server did not render for the first view (protected, with code or math, signed-in reads) needs the
  // renderer: its light part is fetched beside the paste, not after it (issue 30).
  const [serverRendered] = useState(firstViewRendersMarkdown);
  useEffect(() => {
    if (!serverRendered) loadRenderer('').catch(() => undefined);
  }, [serverRendered]);

  function content() {
    if (!own.known) return <PasteLoading />;
    if (own.owned)
      return (
        <Suspense fallback={<PasteLoading />}>
          <PasteOwnerView paste={own.owned} now={own.readAt} />
        </Suspense>
      );
    if (unavailable !== undefined)
      return (
        <Suspense fallback={<PasteLoading />}>
          <PasteUnavailable error={unavailable} />
        </Suspense>
      );
    if (view.isPending) return <PasteLoading />;
    if (view.isError)
      return (
        <Suspense fallback={<PasteLoading />}>
          <PasteUnavailable error={view.error} onRetry={() => void view.refetch()} retrying={view.isFetching} />
        </Suspense>
      );
    const paste = view.data;
    if (paste.requiresPassword)
      return (
        <Suspense fallback={<PasteLoading />}>
          <PastePasswordForm
            slug={slug}
            paste={paste}
            onUnavailable={setUnavailable}
            onUnlocked={() => setUnlocked(true)}
          />
        </Suspense>
      );
    return (
      <PasteDocument
        paste={paste}
        rawToken={'accessToken' in paste ? paste.accessToken : paste.hasPassword ? readAccessToken(slug) : undefined}
        notice={paste.isLastView ? <LastViewNotice /> : null}
        focusHeading={unlocked}
      />
    );
  }

  return <div className="px-4 py-6 sm:px-6 lg:py-8">{content()}</div>;
}

function LastViewNotice() {
  const { t } = useTranslation();
  return (
    <ShareNotice className="mb-4" icon={TriangleAlert} tone="warning" title={t('paste.view.lastViewTitle')}>
      {t('paste.view.lastViewDescription')}
    </ShareNotice>
  );
}

function PasteLoading() {
  const { t } = useTranslation();
  // The text the server put into the page (an open paste), until the paste is drawn: no skeleton between the two.
  // Markup the browser parsed from our server's escaped text and serialised again (escaped again): inert.
  const first = firstViewHtml();
  if (first) return <div className="contents" dangerouslySetInnerHTML={{ __html: first }} />;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4" role="status" aria-label={t('common.loading')}>
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-80" />
      <Skeleton className="h-72 w-full rounded-2xl" />
    </div>
  );
}
