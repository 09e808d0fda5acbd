/** The two languages the product speaks (spec §1). */
export type Lang = 'en' | 'zh-CN';

/** A message in both languages; chosen per request. */
export interface Text {
  en: string;
  zh: string;
}

/** The text in `lang`. */
export function t(lang: Lang, text: Text): string {
  return lang === 'zh-CN' ? text.zh : text.en;
}

function langOf(tag: string): Lang | null {
  const lower = tag.trim().toLowerCase();
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('en')) return 'en';
  return null;
}

/**
 * Picks the response language: an explicit `X-Language` header wins, else the highest-weighted supported
 * tag of `Accept-Language`, else English (spec §9: Chinese when the browser prefers zh).
 */
export function pickLanguage(acceptLanguage: string | undefined, xLanguage: string | undefined): Lang {
  const explicit = xLanguage ? langOf(xLanguage) : null;
  if (explicit) return explicit;
  if (!acceptLanguage) return 'en';
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      return { lang: langOf(tag), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.lang !== null && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.lang ?? 'en';
}
