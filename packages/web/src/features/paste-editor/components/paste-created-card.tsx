import type { PasteDto } from '@driftbox/contract';
import { CircleCheck, ExternalLink, Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/share/copy-field';
import { QrCode } from '../../../components/share/qr-code';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { pasteRawUrl, pasteShareUrl } from '../../../lib/shares/paste-links';

/** The result of a save: the link to share, its QR code and the raw link. */
export function PasteCreatedCard({ paste, onNew }: { paste: PasteDto; onNew: () => void }) {
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const link = pasteShareUrl(paste.slug);

  // Keyboard and screen-reader users land on the result, not on the button they pressed.
  useEffect(() => {
    heading.current?.focus();
  }, [paste.id]);

  return (
    <Card className="overflow-hidden border-success-text/25">
      <div className="flex items-start gap-3 border-b border-line bg-success-soft/60 px-5 py-4">
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-success-text" aria-hidden="true" />
        <div className="min-w-0">
          <h2 ref={heading} tabIndex={-1} className="text-base font-semibold text-fg outline-none">
            {t('paste.created.title')}
          </h2>
          <p className="mt-0.5 text-sm text-fg-muted">{t('paste.created.description')}</p>
        </div>
      </div>
      <div className="flex flex-col gap-4 px-5 py-4">
        <CopyField
          label={t('paste.created.link')}
          value={link}
          copyLabel={t('paste.created.copyLink')}
          copiedMessage={t('paste.created.linkCopied')}
        />
        <CopyField
          label={t('paste.created.raw')}
          value={pasteRawUrl(paste.slug)}
          hint={paste.hasPassword ? t('paste.created.rawProtectedHint') : undefined}
          copyLabel={t('paste.created.copyRaw')}
          copiedMessage={t('paste.created.rawCopied')}
        />
        <div className="flex flex-wrap items-center gap-1.5">
          {paste.hasPassword ? <Badge tone="warning">{t('paste.created.protected')}</Badge> : null}
          <Badge>
            {paste.expiresAt
              ? t('paste.created.expires', { date: formatDateTime(paste.expiresAt, i18n.language) })
              : t('paste.created.neverExpires')}
          </Badge>
          <Badge>
            {paste.maxViews > 0
              ? t('paste.created.maxViews', { count: paste.maxViews })
              : t('paste.created.unlimitedViews')}
          </Badge>
        </div>
        <div className="flex justify-center rounded-xl bg-subtle/60 py-4">
          <QrCode value={link} label={t('paste.created.qr')} size={160} />
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <a href={link} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary', 'md', 'flex-1')}>
            <ExternalLink />
            {t('paste.created.open')}
          </a>
          <Button variant="outline" icon={<Plus />} onClick={onNew} className="flex-1">
            {t('paste.created.another')}
          </Button>
        </div>
      </div>
    </Card>
  );
}
