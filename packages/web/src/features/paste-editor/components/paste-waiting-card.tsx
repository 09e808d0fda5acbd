import { PasteDto } from '@driftbox/contract';
import { CloudOff, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { subscribeSyncResults } from '../../../lib/offline/sync-events';

/**
 * A paste created offline (issue 31): "waiting to sync" and no link, since it has none yet. When the
 * queue replays it, the created paste replaces this card; a refusal shows its reason.
 */
export function PasteWaitingCard({
  queueId,
  onSynced,
  onNew,
}: {
  queueId: number;
  onSynced: (paste: PasteDto) => void;
  onNew: () => void;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const [refused, setRefused] = useState<string | null>(null);

  useEffect(() => {
    heading.current?.focus();
  }, [queueId]);

  useEffect(
    () =>
      subscribeSyncResults((message) => {
        const result = message.results.find((item) => item.id === queueId);
        if (!result) return;
        const paste = PasteDto.safeParse(result.data);
        if (result.ok && paste.success) onSynced(paste.data);
        else if (!result.ok && !result.willRetry) setRefused(result.error?.message ?? result.error?.code ?? '');
      }),
    [queueId, onSynced],
  );

  return (
    <Card className="overflow-hidden border-warning-text/25" data-testid="paste-waiting">
      <div className="flex items-start gap-3 border-b border-line bg-warning-soft/60 px-5 py-4">
        <CloudOff className="mt-0.5 size-5 shrink-0 text-warning-text" aria-hidden="true" />
        <div className="min-w-0">
          <h2 ref={heading} tabIndex={-1} className="text-base font-semibold text-fg outline-none">
            {t('pwa.waiting.title')}
          </h2>
          <p className="mt-0.5 text-sm text-fg-muted" role="status">
            {refused === null ? t('pwa.waiting.description') : t('pwa.waiting.failed', { reason: refused })}
          </p>
        </div>
      </div>
      <div className="flex justify-end px-5 py-4">
        <Button variant="outline" icon={<Plus />} onClick={onNew}>
          {t('paste.created.another')}
        </Button>
      </div>
    </Card>
  );
}
