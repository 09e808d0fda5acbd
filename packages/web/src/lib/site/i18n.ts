import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { SHARE_MAX_VIEWS_MAX, STORAGE_KEYS } from '@driftbox/contract';
import { readStorage, writeStorage } from '../browser-storage';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Names shown in the switcher, each in its own language. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '简体中文', en: 'English' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Spec §9: the stored choice wins; otherwise Chinese when the browser language starts with zh. */
export function detectLanguage(stored: string | null, browserLanguage: string | undefined): Language {
  if (isLanguage(stored)) return stored;
  return browserLanguage?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

function initialLanguage(): Language {
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language;
  return detectLanguage(readStorage(STORAGE_KEYS.language), browser);
}

type TextsPart = 'first' | 'rest';
type Texts = () => Promise<{ default: Record<string, unknown> }>;

/**
 * Each language's texts are their own chunks (issue 30): a page loads only the language it shows, and of it first
 * the namespaces of the shell and a shared paste's page (texts-split.ts), the rest with any other page (routes.tsx
 * `loadAllTexts`). index.html's start-up script picks the visitor's first part (route-preloads.ts) and the entry
 * preloads it beside the app (boot.ts); main.tsx waits for it before the first render, so no key flashes.
 */
const BUNDLES: Record<Language, Record<TextsPart, Texts>> = {
  en: {
    first: () => import('../../locales/en.json?texts=first'),
    rest: () => import('../../locales/en.json?texts=rest'),
  },
  'zh-CN': {
    first: () => import('../../locales/zh-CN.json?texts=first'),
    rest: () => import('../../locales/zh-CN.json?texts=rest'),
  },
};

const loading = new Map<string, Promise<void>>();
/** Set once a page needed every text: a language switched to later loads all of its texts too. */
let allWanted = false;

function loadPart(language: Language, part: TextsPart): Promise<void> {
  const key = `${language}:${part}`;
  let done = loading.get(key);
  if (!done) {
    done = BUNDLES[language][part]().then(({ default: texts }) => {
      i18n.addResourceBundle(language, 'translation', texts, true, false);
    });
    done.catch(() => loading.delete(key));
    loading.set(key, done);
  }
  return done;
}

/** Loads `language`'s texts into the instance (once): the first part, and the rest once any page needed it. */
export async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([loadPart(language, 'first'), allWanted ? loadPart(language, 'rest') : undefined]);
}

/** Every text of the page's language: the router loads them with each page but a shared paste's (routes.tsx). */
export function loadAllTexts(): Promise<void> {
  allWanted = true;
  return loadPart(currentLanguage(), 'rest');
}

/**
 * Limits from the contract that messages state (`{{fileMaxViews, number}}`, formatted for the language):
 * given to every string, so a message names the limit the check uses even where a form translates its
 * error codes in a loop without options, and the number is written once (contract), not in each locale.
 */
const LIMIT_VARIABLES = { fileMaxViews: SHARE_MAX_VIEWS_MAX, pasteMaxViews: SHARE_MAX_VIEWS_MAX } as const;

/** One i18next instance for the app; init is synchronous, the texts come with loadLanguage before the first render. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false, defaultVariables: LIMIT_VARIABLES },
  returnNull: false,
  initAsync: false,
});

/**
 * <html lang> follows the language, and so does the `language` cookie: with it the server writes the
 * right `lang` into the page before any script runs (packages/server middleware/html-lang.ts).
 */
function syncDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.cookie = `language=${encodeURIComponent(language)}; path=/; max-age=31536000; SameSite=Lax`;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/** Switches language, remembers it (localStorage `language`) and updates <html lang>. */
export function setLanguage(language: Language): void {
  writeStorage(STORAGE_KEYS.language, language);
  void loadLanguage(language).then(() => i18n.changeLanguage(language));
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/**
 * Translates a key built at run time (error codes from the server, …). Typed keys cover literals;
 * this is the one escape hatch, and it checks the key exists so callers can fall back.
 */
export function translateDynamic(key: string, options?: Record<string, unknown>): string | undefined {
  if (!i18n.exists(key)) return undefined;
  const t = i18n.t as unknown as (k: string, o?: Record<string, unknown>) => string;
  return t(key, options);
}
