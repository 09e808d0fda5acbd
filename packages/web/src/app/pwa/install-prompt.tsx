/**
 * Install prompt (spec §2): Chromium's saved beforeinstallprompt, or on iOS Safari the Share → Add to
 * Home Screen hint. "Not now" hides it for 7 days (localStorage `pwa-install-dismissed`); the state is
 * checked again every 5 s, so an event that arrives late or a dismissal that expires shows without a reload.
 */
import { Download, Share } from 'lucide-react';
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '@driftbox/contract';
import { Button } from '../../components/ui/button';
import { readStorage, writeStorage } from '../../lib/browser-storage';
import { isStandalone, setPwaState, usePwaState } from '../../lib/pwa/pwa-store';
import { useSiteConfig } from '../../lib/site/site-config';
import { PromptCard } from './prompt-card';

export const DISMISS_MS = 7 * 24 * 60 * 60 * 1000;
export const RECHECK_MS = 5000;

export function isIosSafari(userAgent: string = navigator.userAgent): boolean {
  const ios = /iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && navigator.maxTouchPoints > 1);
  return ios && /safari/i.test(userAgent) && !/crios|fxios|edgios/i.test(userAgent);
}

export function dismissedRecently(now: number, stored: string | null = readStorage(STORAGE_KEYS.pwaInstallDismissed)) {
  const at = Number(stored);
  return stored !== null && Number.isFinite(at) && now - at < DISMISS_MS;
}

export function InstallPrompt() {
  const { installEvent, installed, updateWaiting } = usePwaState();
  // A render reads the clock and the stored dismissal afresh: every 5 s, and at once after "Not now" (a
  // new Date.now() as state could equal the last one where the browser coarsens its clock, and not render).
  const [, recheck] = useReducer((checks: number) => checks + 1, 0);

  useEffect(() => {
    const timer = window.setInterval(recheck, RECHECK_MS);
    return () => window.clearInterval(timer);
  }, []);

  const ios = !installEvent && isIosSafari();
  if (updateWaiting || installed || isStandalone() || (!installEvent && !ios) || dismissedRecently(Date.now()))
    return null;

  const dismiss = () => {
    writeStorage(STORAGE_KEYS.pwaInstallDismissed, String(Date.now()));
    recheck();
  };
  return <InstallCard ios={ios} installEvent={installEvent} onDismiss={dismiss} />;
}

/** The card itself: only rendered when a prompt is due, so the site title is read (fetched) only then. */
function InstallCard({
  ios,
  installEvent,
  onDismiss: dismiss,
}: {
  ios: boolean;
  installEvent: ReturnType<typeof usePwaState>['installEvent'];
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const { site_title: name } = useSiteConfig();
  const install = async () => {
    if (!installEvent) return;
    await installEvent.prompt();
    const choice = await installEvent.userChoice.catch(() => ({ outcome: 'dismissed' as const }));
    setPwaState({ installEvent: null, installed: choice.outcome === 'accepted' });
    if (choice.outcome === 'dismissed') dismiss();
  };

  return (
    <PromptCard
      label={t('pwa.install.title', { name })}
      icon={ios ? <Share className="size-5" /> : <Download className="size-5" />}
      title={t('pwa.install.title', { name })}
      actions={
        <>
          <Button variant="ghost" size="sm" onClick={dismiss}>
            {t('pwa.install.later')}
          </Button>
          {ios ? null : (
            <Button size="sm" onClick={() => void install()}>
              {t('pwa.install.install')}
            </Button>
          )}
        </>
      }
    >
      {ios ? t('pwa.install.ios') : t('pwa.install.description')}
    </PromptCard>
  );
}
