// The app, imported by boot.ts after the first frame (its styles come with the entry).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { keepBootSkeleton } from './app/boot-skeleton';
import { currentLanguage, loadLanguage } from './lib/site/i18n';
import { initTheme } from './lib/site/theme';
import { registerServiceWorker } from './lib/pwa/register';
import { listenForInstall } from './lib/pwa/pwa-store';

// index.html's start-up script applied the stored theme already; this follows the system setting from now on.
initTheme();
listenForInstall();

const root = document.getElementById('root');
if (root) {
  keepBootSkeleton(root);
  // The page's texts first (preloaded beside the entry by index.html), so no key ever shows.
  void loadLanguage(currentLanguage()).then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

// After `load`: the worker never delays the first paint.
registerServiceWorker();
