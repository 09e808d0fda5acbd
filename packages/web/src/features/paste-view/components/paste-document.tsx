import { Clock, Eye, FileCode2, Link2, Lock, Copy } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownState } from '../../../components/markdown/markdown-body';
import { TocAside, TocDisclosure } from '../../../components/markdown/markdown-toc';
import { useRenderedMarkdown } from '../../../components/markdown/use-rendered-markdown';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toaster';
import { forgetFirstView } from '../../../lib/boot/first-view';
import { copyText } from '../../../lib/clipboard';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { shouldShowToc } from '../../../lib/markdown/toc';
import { pasteRawUrl, pasteShareUrl } from '../../../lib/shares/paste-links';

/** What the page shows of a paste, whether read by a visitor or by its owner. */
export interface PasteDocumentData {
  slug: string;
  content: string;
  remark: string | null;
  /** The paste's title (the original's v1.x field); the remark heads the page when there is none. */
  title?: string | null;
  createdAt: string;
  views: number;
  maxViews: number;
  expiresAt: string | null;
  hasPassword: boolean;
}

export interface PasteDocumentProps {
  paste: PasteDocumentData;
  /** Access token of a password check, so the raw link opens without the password. */
  rawToken?: string;
  /** Where Raw opens instead of the server's raw link (the owner's copy, which counts no view). */
  rawHref?: string;
  /** Banners above the document (last view, owner notes). */
  notice?: ReactNode;
  /** Extra header actions (the owner's Edit). */
  actions?: ReactNode;
  /** Focus the heading when shown (after the password form that had focus went away). */
  focusHeading?: boolean;
}

/** The rendered paste with its outline, metadata and copy / raw actions. */
export function PasteDocument({ paste, rawToken, rawHref, notice, actions, focusHeading = false }: PasteDocumentProps) {
  const { t, i18n } = useTranslation();
  const state = useRenderedMarkdown(paste.content);
  const heading = useRef<HTMLHeadingElement>(null);
  // Drawn: the server's first view of the page (lib/boot/first-view.ts) is not shown again.
  useEffect(forgetFirstView, []);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  const toc = state.status === 'ready' && shouldShowToc(state.result.toc) ? state.result.toc : null;

  async function copy(text: string, done: string) {
    try {
      await copyText(text);
      toast.success(done);
    } catch {
      toast.error(t('share.copyFailed'));
    }
  }

  return (
    <article className="mx-auto max-w-6xl">
      <header className="mb-5 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h1
            ref={heading}
            tabIndex={-1}
            className="text-xl font-semibold tracking-tight break-words text-fg outline-none sm:text-2xl"
          >
            {paste.title || paste.remark || t('paste.view.untitled', { slug: paste.slug })}
          </h1>
          {paste.title && paste.remark ? (
            <p className="mt-1 text-sm break-words text-fg-muted">{paste.remark}</p>
          ) : null}
          <ul className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-fg-subtle">
            <li className="flex items-center gap-1.5">
              <Clock className="size-3.5" aria-hidden="true" />
              {t('paste.view.created', { date: formatDateTime(paste.createdAt, i18n.language) })}
            </li>
            <li className="flex items-center gap-1.5">
              <Eye className="size-3.5" aria-hidden="true" />
              {paste.maxViews > 0
                ? t('paste.view.viewsLimited', { views: paste.views, max: paste.maxViews })
                : t('paste.view.views', { count: paste.views })}
            </li>
            <li>
              {paste.expiresAt
                ? t('paste.view.expires', { date: formatDateTime(paste.expiresAt, i18n.language) })
                : t('paste.view.neverExpires')}
            </li>
            {paste.hasPassword ? (
              <li className="flex items-center gap-1.5">
                <Lock className="size-3.5" aria-hidden="true" />
                {t('paste.view.protected')}
              </li>
            ) : null}
          </ul>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            icon={<Copy />}
            onClick={() => void copy(paste.content, t('paste.view.contentCopied'))}
          >
            {t('paste.view.copyContent')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            icon={<Link2 />}
            onClick={() => void copy(pasteShareUrl(paste.slug), t('paste.view.linkCopied'))}
          >
            {t('paste.view.copyLink')}
          </Button>
          <a
            href={rawHref ?? pasteRawUrl(paste.slug, rawToken)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('outline', 'sm')}
            title={t('paste.view.rawHint')}
          >
            <FileCode2 />
            {t('paste.view.raw')}
          </a>
          {actions}
        </div>
      </header>
      {notice}
      {toc ? <TocDisclosure entries={toc} className="mb-4 lg:hidden" /> : null}
      <div className={cn(toc && 'lg:grid lg:grid-cols-[minmax(0,1fr)_15rem] lg:gap-8')}>
        <Card className="min-w-0 px-5 py-6 sm:px-8 sm:py-8">
          <MarkdownState state={state} />
        </Card>
        {toc ? <TocAside entries={toc} className="hidden lg:block" /> : null}
      </div>
    </article>
  );
}
