import { Megaphone, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useAnnouncementDismissal } from '../../lib/site/announcement';
import { useMarkdownHtml } from '../../lib/markdown/use-markdown-html';
import { useSiteConfig } from '../../lib/site/site-config';

/**
 * The admin's announcement (site settings) as a notice under the header of public pages, until the
 * visitor closes it. Closing is remembered for this text only: a new announcement shows again.
 */
export function SiteAnnouncement() {
  const site = useSiteConfig();
  const enabled = site.site_announcement_enabled === 'true' && site.site_announcement_content.trim() !== '';
  if (!enabled) return null;
  return <AnnouncementNotice content={site.site_announcement_content} />;
}

function AnnouncementNotice({ content }: { content: string }) {
  const { t } = useTranslation();
  const { dismissed, dismiss } = useAnnouncementDismissal(content);
  const html = useMarkdownHtml(content);
  if (dismissed || !html) return null;
  return (
    <section aria-label={t('announcement.label')} className="border-b border-accent/20 bg-accent-soft">
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-3 sm:px-6">
        <Megaphone className="mt-0.5 size-5 shrink-0 text-accent-text" aria-hidden="true" />
        {/* The HTML comes from renderMarkdown: markdown-it with raw HTML off, then DOMPurify. */}
        <div
          className="prose-lite min-w-0 flex-1 text-sm break-words text-fg"
          dangerouslySetInnerHTML={{ __html: html }}
        />
        <Button
          variant="ghost"
          size="icon-sm"
          className="-my-1 -mr-1 text-accent-text hover:bg-accent/10"
          icon={<X />}
          aria-label={t('announcement.dismiss')}
          title={t('announcement.dismiss')}
          onClick={dismiss}
        />
      </div>
    </section>
  );
}
