import { extensionOf, MARKDOWN_EXTENSIONS, SETTINGS_CATALOGUE, settingAsList } from '@driftbox/contract';

/**
 * How a shared file is shown (spec "Preview settings"): by extension, using the admin's preview
 * lists. Scriptable types (HTML, SVG, XML, JavaScript) are never rendered — at most shown as source
 * text — whatever list names them: the server serves them as attachments, and the page must not
 * undo that by putting them in an <img>, <iframe> or the DOM.
 */
export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'markdown' | 'text' | 'office' | 'none';

export type OfficeProvider = 'microsoft' | 'google';

export interface PreviewSettings {
  text: string[];
  image: string[];
  video: string[];
  audio: string[];
  office: string[];
  document: string[];
  officeProvider: OfficeProvider;
  /**
   * Also preview Markdown and any text/* type the text list does not name. Only for the fallback used
   * when the admin's lists could not be read; with the lists read, they alone decide.
   */
  anyText?: boolean;
}

/** The setting keys the preview group stores, by the list each fills. */
export const PREVIEW_SETTING_KEYS = {
  text: 'preview_text_types',
  image: 'preview_image_types',
  video: 'preview_video_types',
  audio: 'preview_audio_types',
  office: 'preview_office_types',
  document: 'preview_document_types',
} as const;

/** Settings from `key → value` pairs; a missing key keeps the catalogue's default. */
export function previewSettingsFrom(values: Partial<Record<string, string>>): PreviewSettings {
  const list = (key: keyof typeof PREVIEW_SETTING_KEYS) =>
    settingAsList(values[PREVIEW_SETTING_KEYS[key]] ?? SETTINGS_CATALOGUE[PREVIEW_SETTING_KEYS[key]].default);
  const provider = values.preview_office_provider ?? SETTINGS_CATALOGUE.preview_office_provider.default;
  return {
    text: list('text'),
    image: list('image'),
    video: list('video'),
    audio: list('audio'),
    office: list('office'),
    document: list('document'),
    officeProvider: provider === 'google' ? 'google' : 'microsoft',
  };
}

/** The lists when the admin's could not be read: the catalogue's defaults, plus any text by its type. */
export const FALLBACK_PREVIEW_SETTINGS: PreviewSettings = { ...previewSettingsFrom({}), anyText: true };

const MARKDOWN: ReadonlySet<string> = new Set(MARKDOWN_EXTENSIONS);
const SCRIPTABLE_EXT = new Set(['html', 'htm', 'xhtml', 'shtml', 'svg', 'svgz', 'xml', 'xsl', 'xslt', 'js', 'mjs']);
const SCRIPTABLE_TYPE =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|[a-z]+\/[a-z.+-]*\+xml|text\/javascript|application\/(java|ecma)script)\b/i;

/** True when a browser could run the file as a document or script. */
export function isScriptable(filename: string, mimetype: string): boolean {
  return SCRIPTABLE_EXT.has(extensionOf(filename)) || SCRIPTABLE_TYPE.test(mimetype.trim());
}

const MEDIA_KINDS = ['image', 'video', 'audio'] as const;

/**
 * What the file page renders for this file. An extension may name two things (`.ts`: MPEG transport
 * stream or TypeScript), so when it sits in a media list and the text list, the stored type decides:
 * `video/mp2t` plays, anything else is shown as code.
 */
export function previewKindOf(filename: string, mimetype: string, settings: PreviewSettings): PreviewKind {
  const ext = extensionOf(filename);
  const type = mimetype.trim().toLowerCase();
  if (isScriptable(filename, mimetype)) {
    // Shown as escaped source when it is listed at all; never as a picture or a page.
    return settings.text.includes(ext) || settings.image.includes(ext) ? 'text' : 'none';
  }
  const textKind = MARKDOWN.has(ext) ? 'markdown' : 'text';
  const media = MEDIA_KINDS.filter((kind) => settings[kind].includes(ext));
  const byType = media.find((kind) => type.startsWith(`${kind}/`));
  if (byType) return byType;
  // Markdown goes by one name in the settings: listing `md` previews .markdown, .mdown… too.
  const listedText = settings.text.includes(ext) || (MARKDOWN.has(ext) && settings.text.includes('md'));
  // A stored type of another kind (a `.ts` saved as text/x-typescript) is not played as media.
  const otherKind = /^(text|image|video|audio)\//.test(type);
  const [firstMedia] = media;
  if (firstMedia && !listedText && !otherKind) return firstMedia;
  if (settings.document.includes(ext)) return ext === 'pdf' ? 'pdf' : 'none';
  if (settings.office.includes(ext)) return 'office';
  if (listedText) return textKind;
  if (settings.anyText && (MARKDOWN.has(ext) || type.startsWith('text/'))) return textKind;
  return 'none';
}

/** The online viewer's page for an Office file reachable at `fileUrl` (a temporary direct link). */
export function officeViewerUrl(provider: OfficeProvider, fileUrl: string): string {
  const src = encodeURIComponent(fileUrl);
  return provider === 'google'
    ? `https://docs.google.com/gview?embedded=true&url=${src}`
    : `https://view.officeapps.live.com/op/embed.aspx?src=${src}`;
}
