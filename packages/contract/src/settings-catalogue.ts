import type { SettingGroupId } from './constants.js';
import {
  SETTING_GROUP_IDS,
  type LocalText,
  type SettingDefinition,
  type SettingOption,
} from './settings-definition.js';
import {
  boolValue,
  extensionListValue,
  faviconValue,
  numberValue,
  selectValue,
  textValue,
  titleValue,
} from './settings-values.js';
import { SITE_DEFAULTS } from './site-defaults.js';

/**
 * The settings catalogue, defined once for server and web: every key with its group, type, default,
 * options, validation and visibility. The server seeds a row for every key on each start (the original
 * seeded only four on a fresh install, so its settings pages could not save the rest), serves only keys
 * listed here, and validates writes with `schema`.
 */

type Entry = Omit<SettingDefinition, 'key' | 'public' | 'rawHtml' | 'options'> &
  Partial<Pick<SettingDefinition, 'public' | 'rawHtml' | 'options'>>;

/** A select's schema and options from one list, so they cannot drift apart. */
function select(options: readonly [SettingOption, ...SettingOption[]]) {
  const values = options.map((o) => o.value) as [string, ...string[]];
  return { type: 'select' as const, options, schema: selectValue(values) };
}

const opt = (value: string, en: string, zh: string): SettingOption => ({ value, label: { en, zh } });

/** An extension list of the preview group: what it previews, where it sorts, its default. */
function previewList(sortOrder: number, def: string, what: LocalText): Entry {
  const description = {
    // The control is a chip list with its own typing help, so this says what the list is, not how to type it.
    en: `File extensions previewed as ${what.en} (letters and digits, without the dot).`,
    // A space between Chinese and a Latin word ("作为 Office 文档"), as the rest of the zh text writes it.
    zh: `作为${/^[A-Za-z]/.test(what.zh) ? ' ' : ''}${what.zh}预览的文件扩展名（仅字母和数字，不带点）。`,
  };
  // Public: the file page (any visitor) decides how to preview a share from these lists.
  return {
    group: 2,
    type: 'textarea',
    default: def,
    schema: extensionListValue(),
    sortOrder,
    description,
    public: true,
  };
}

const ENTRIES = {
  max_upload_size: {
    group: 1,
    type: 'number',
    default: '100',
    sortOrder: 1,
    schema: numberValue({ min: 0, exclusiveMin: true, max: 1_000_000 }),
    description: { en: 'Largest single upload, in the unit below.', zh: '单次上传文件的最大大小（单位见下项）。' },
  },
  max_upload_size_unit: {
    group: 1,
    default: 'MB',
    sortOrder: 2,
    // The same units as UPLOAD_SIZE_UNITS (a test keeps them equal).
    ...select([opt('KB', 'KB', 'KB'), opt('MB', 'MB', 'MB'), opt('GB', 'GB', 'GB')]),
    description: { en: 'Unit of the maximum upload size.', zh: '最大上传大小的单位。' },
  },
  default_use_proxy: {
    group: 1,
    type: 'bool',
    default: 'false',
    sortOrder: 3,
    schema: boolValue(),
    description: {
      en: 'New file shares are served through the server (proxy) instead of direct storage links. Uploads from scripts (upload-direct) are always proxied unless they ask for use_proxy=0.',
      zh: '新文件分享默认通过服务器代理访问，而非存储直链。脚本上传（upload-direct）始终使用代理，除非请求指定 use_proxy=0。',
    },
  },
  // random_suffix by default: overwrite silently replaced files with the same name (a known fault).
  file_naming_strategy: {
    group: 1,
    default: 'random_suffix',
    sortOrder: 4,
    ...select([opt('overwrite', 'Overwrite', '覆盖模式'), opt('random_suffix', 'Random suffix', '随机后缀模式')]),
    description: {
      en: 'What an upload with an existing name does: overwrite the file, or add a random suffix.',
      zh: '同名文件上传时：覆盖原文件，或添加随机后缀。',
    },
  },
  proxy_sign_all: {
    group: 1,
    type: 'bool',
    default: 'true',
    sortOrder: 5,
    schema: boolValue(),
    description: { en: 'Require a signature on every proxy link (/api/p).', zh: '所有代理链接（/api/p）都需要签名。' },
  },
  // 3600 rather than the original's 0: never-expiring links by default were a known fault.
  proxy_sign_expires: {
    group: 1,
    type: 'number',
    default: '3600',
    sortOrder: 6,
    schema: numberValue({ min: 0, max: 2_147_483_647, int: true }),
    description: {
      en: 'Lifetime of proxy link signatures in seconds; 0 = never expire.',
      zh: '代理签名有效期（秒），0 表示永不过期。',
    },
  },
  // `ts` is in the text and the video list: the file page tells TypeScript from an MPEG transport stream
  // by the stored type (video/mp2t plays, anything else is shown as code).
  preview_text_types: previewList(
    1,
    'txt,htm,html,xml,java,properties,sql,js,md,json,conf,ini,vue,php,py,bat,yml,go,sh,c,cpp,h,hpp,ts,tsx,vtt,srt,ass,rs,lrc,dockerfile,makefile,gitignore,license,readme,' +
      'yaml,toml,cfg,env,log,csv,tsv,jsx,mjs,cjs,css,scss,less,kt,kts,swift,rb,lua,cs,dart,scala,pl,r,ps1,gradle,proto,graphql,diff,patch,tex,rst,editorconfig',
    { en: 'text', zh: '文本' },
  ),
  preview_image_types: previewList(2, 'jpg,tiff,jpeg,png,gif,bmp,svg,ico,swf,webp,avif', { en: 'images', zh: '图片' }),
  preview_video_types: previewList(3, 'mp4,mkv,avi,mov,rmvb,webm,flv,m3u8,ts,m2ts', { en: 'video', zh: '视频' }),
  preview_audio_types: previewList(4, 'mp3,flac,ogg,m4a,wav,opus,wma', { en: 'audio', zh: '音频' }),
  preview_office_types: previewList(5, 'doc,docx,xls,xlsx,ppt,pptx,rtf', {
    en: 'Office documents (online viewer)',
    zh: 'Office 文档（在线查看器）',
  }),
  preview_document_types: previewList(6, 'pdf', { en: 'documents (in the browser)', zh: '文档（浏览器内）' }),
  preview_office_provider: {
    group: 2,
    default: 'microsoft',
    sortOrder: 7,
    public: true,
    ...select([
      opt('microsoft', 'Microsoft Office Online', '微软 Office 在线'),
      opt('google', 'Google Docs Viewer', 'Google 文档查看器'),
    ]),
    description: {
      en: 'Online viewer used for Office previews (it fetches the file from a temporary link).',
      zh: 'Office 预览使用的在线查看器（通过临时链接获取文件）。',
    },
  },
  webdav_upload_mode: {
    group: 3,
    default: 'multipart',
    sortOrder: 1,
    ...select([opt('direct', 'Direct', '直接上传'), opt('multipart', 'Multipart', '分片上传')]),
    description: {
      en: 'How WebDAV PUT stores files: one direct upload, or multipart (better for large files).',
      zh: 'WebDAV 上传方式：直接上传，或分片上传（适合大文件）。',
    },
  },
  site_title: {
    group: 4,
    type: 'text',
    default: SITE_DEFAULTS.site_title,
    sortOrder: 1,
    public: true,
    schema: titleValue(),
    description: {
      en: 'Site title shown in the header and the browser tab (1–100 characters).',
      zh: '站点标题，显示在页头和浏览器标签页（1–100 个字符）。',
    },
  },
  site_favicon_url: {
    group: 4,
    type: 'text',
    default: SITE_DEFAULTS.site_favicon_url,
    sortOrder: 2,
    public: true,
    schema: faviconValue(),
    description: {
      en: 'Favicon: an http(s) URL or a data:image URL; empty uses the bundled icon.',
      zh: '站点图标：http(s) 链接或 data:image 链接，留空使用默认图标。',
    },
  },
  site_announcement_enabled: {
    group: 4,
    type: 'bool',
    default: SITE_DEFAULTS.site_announcement_enabled,
    sortOrder: 3,
    public: true,
    schema: boolValue(),
    description: { en: 'Show the announcement on the home page.', zh: '在首页显示公告。' },
  },
  site_announcement_content: {
    group: 4,
    type: 'textarea',
    default: SITE_DEFAULTS.site_announcement_content,
    sortOrder: 4,
    public: true,
    schema: textValue(),
    description: { en: 'Announcement text (Markdown).', zh: '公告内容（支持 Markdown）。' },
  },
  site_footer_markdown: {
    group: 4,
    type: 'textarea',
    default: SITE_DEFAULTS.site_footer_markdown,
    sortOrder: 5,
    public: true,
    schema: textValue(),
    description: { en: 'Footer (Markdown); empty hides the footer.', zh: '页脚内容（支持 Markdown），留空则不显示。' },
  },
  site_custom_head: {
    group: 4,
    type: 'textarea',
    default: SITE_DEFAULTS.site_custom_head,
    sortOrder: 6,
    public: true,
    rawHtml: true,
    schema: textValue(),
    description: {
      en: 'Raw HTML added to <head> of every page, unsanitised (admin only; up to 100 000 characters).',
      zh: '添加到每个页面 <head> 的原始 HTML，不做过滤（仅管理员；最多 100 000 个字符）。',
    },
  },
  site_custom_body: {
    group: 4,
    type: 'textarea',
    default: SITE_DEFAULTS.site_custom_body,
    sortOrder: 7,
    public: true,
    rawHtml: true,
    schema: textValue(),
    description: {
      en: 'Raw HTML appended to <body> of every page, unsanitised (admin only; up to 100 000 characters).',
      zh: '追加到每个页面 <body> 末尾的原始 HTML，不做过滤（仅管理员；最多 100 000 个字符）。',
    },
  },
} satisfies Record<string, Entry>;

/** Every setting key. */
export type SettingKey = keyof typeof ENTRIES;

/** Every setting, keyed by its key. */
export const SETTINGS_CATALOGUE: Readonly<Record<SettingKey, SettingDefinition>> = Object.fromEntries(
  Object.entries(ENTRIES).map(([key, e]: [string, Entry]) => [
    key,
    { options: null, public: false, rawHtml: false, ...e, key },
  ]),
) as Record<SettingKey, SettingDefinition>;

/** Every setting in display order: by group, then sort order. */
export const SETTING_DEFINITIONS: readonly SettingDefinition[] = Object.values<SettingDefinition>(
  SETTINGS_CATALOGUE,
).sort((a, b) => a.group - b.group || a.sortOrder - b.sortOrder);

const BY_KEY = new Map<string, SettingDefinition>(SETTING_DEFINITIONS.map((d) => [d.key, d]));

/** The definition of `key`, or undefined; safe for any string (`constructor` is not a setting). */
export function settingDefinition(key: string): SettingDefinition | undefined {
  return BY_KEY.get(key);
}

/** True when `key` is a catalogued setting. */
export function isSettingKey(key: string): key is SettingKey {
  return BY_KEY.has(key);
}

/** True when `id` is one of the four settings groups. */
export function isSettingGroup(id: number): id is SettingGroupId {
  return (SETTING_GROUP_IDS as readonly number[]).includes(id);
}

/** The settings of one group in display order. */
export function settingsOfGroup(group: number): SettingDefinition[] {
  return SETTING_DEFINITIONS.filter((d) => d.group === group);
}
