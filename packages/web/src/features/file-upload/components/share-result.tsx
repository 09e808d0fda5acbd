import { ExternalLink, QrCode as QrIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyField } from '../../../components/share/copy-field';
import { QrCode } from '../../../components/share/qr-code';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { fileShareUrl } from '../../../lib/shares/file-links';

/** A finished upload's link: copy, QR code and the share page (the paste editor's share pieces). */
export function ShareResult({ slug, filename }: { slug: string; filename: string }) {
  const { t } = useTranslation();
  const [qrOpen, setQrOpen] = useState(false);
  const link = fileShareUrl(slug);
  return (
    <div className="flex flex-col gap-2">
      <CopyField
        label={t('upload.result.link')}
        value={link}
        copyLabel={t('upload.result.copyLink', { name: filename })}
        copiedMessage={t('upload.result.linkCopied')}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          icon={<QrIcon />}
          onClick={() => setQrOpen(true)}
          aria-label={t('upload.result.showQrFor', { name: filename })}
        >
          {t('upload.result.showQr')}
        </Button>
        <Link to={`/file/${encodeURIComponent(slug)}`} className={buttonClasses('outline', 'sm')}>
          <ExternalLink />
          {t('upload.result.open')}
        </Link>
      </div>
      <Dialog
        open={qrOpen}
        onOpenChange={setQrOpen}
        title={t('upload.result.qrTitle')}
        description={filename}
        size="sm"
      >
        <div className="flex flex-col items-center gap-3 py-2">
          <QrCode value={link} label={t('upload.result.qr', { name: filename })} size={200} />
          <p className="max-w-full text-center font-mono text-xs break-all text-fg-muted">{link}</p>
        </div>
      </Dialog>
    </div>
  );
}
