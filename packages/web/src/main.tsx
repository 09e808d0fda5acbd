import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initTheme } from './lib/site/theme';
import { registerServiceWorker } from './lib/pwa/register';
import { listenForInstall } from './lib/pwa/pwa-store';

// The CSP forbids inline scripts, so the theme is applied here, before the first render, not in index.html.
initTheme();
listenForInstall();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// After `load`: the worker never delays the first paint.
registerServiceWorker();
