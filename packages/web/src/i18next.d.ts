import 'i18next';
import type en from './locales/en.json';

// Keys are type-checked against the English bundle (STYLE §27, Excalidraw): a typo is a compile error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
    returnNull: false;
  }
}
