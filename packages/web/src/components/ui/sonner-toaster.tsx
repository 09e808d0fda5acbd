import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as Sonner } from 'sonner';
import { useTheme } from '../../lib/site/theme';

export { toast } from 'sonner';

/** Below the sticky header (h-16) so a toast never hides the navigation. */
const OFFSET = { top: 'calc(4rem + 0.5rem)' };

/**
 * The close ✕ sits inside the toast at its right edge: sonner's default hangs it half outside the
 * top-left corner, where it overlaps whatever is behind.
 */
const CLOSE_BUTTON = [
  '[--toast-close-button-start:auto] [--toast-close-button-end:0.5rem] [--toast-close-button-transform:translateY(-50%)]',
  'top-1/2! size-6! border-0! bg-transparent! opacity-70 hover:opacity-100',
].join(' ');

/**
 * Toasts follow the app theme; top-centre keeps them clear of the mobile menu and table actions. Loaded after the
 * first page (toaster.tsx); `onReady` runs once sonner listens, so no toast asked for before is lost.
 */
export function SonnerToaster({ onReady }: { onReady: () => void }) {
  const { resolved } = useTheme();
  const { t } = useTranslation();
  // After sonner's own effect (a child's effects run first): it subscribed to new toasts.
  useEffect(onReady, [onReady]);
  return (
    <Sonner
      theme={resolved}
      position="top-center"
      richColors
      // Sonner's own label is English ("Notifications alt+T"); the hotkey is its default Alt+T.
      customAriaLabel={t('common.notifications', { hotkey: 'Alt+T' })}
      closeButton
      duration={4000}
      offset={OFFSET}
      mobileOffset={OFFSET}
      // Sonner's close button is labelled "Close toast" unless told.
      toastOptions={{
        closeButtonAriaLabel: t('common.close'),
        classNames: { toast: 'pr-10!', closeButton: CLOSE_BUTTON },
      }}
    />
  );
}
