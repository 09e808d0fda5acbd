import type { ComponentType } from 'react';
import type { SettingDefinition, SettingGroupId, SettingKey } from '@driftbox/contract';
import { isExtensionList } from '../lib/setting-validation';
import { NumberControl, SelectControl, TextareaControl, TextControl } from './controls/basic-controls';
import type { SettingControlProps } from './controls/control-props';
import { ExtensionListControl } from './controls/extension-list-control';
import { FaviconControl } from './controls/favicon-control';
import { MarkdownControl } from './controls/markdown-control';
import { RawHtmlControl } from './controls/raw-html-control';
import { SignatureExpiryControl } from './controls/signature-expiry-control';
import { UploadSizeControl } from './controls/upload-size-control';

/** One field of the form: the catalogue entry it is named after, every key it edits, and how. */
export interface FieldSpec {
  def: SettingDefinition;
  /** `def.key` first; more when one control edits several keys (the upload size and its unit). */
  keys: string[];
  /** A switch row for bools; any other control sits in a labelled Field. */
  Control: ComponentType<SettingControlProps> | 'switch';
}

type Override = { Control: ComponentType<SettingControlProps>; alsoEdits?: SettingKey[] };

/** Settings that deserve more than the plain control of their type. */
const OVERRIDES: Partial<Record<SettingKey, Override>> = {
  max_upload_size: { Control: UploadSizeControl, alsoEdits: ['max_upload_size_unit'] },
  proxy_sign_expires: { Control: SignatureExpiryControl },
  site_favicon_url: { Control: FaviconControl },
  site_announcement_content: { Control: MarkdownControl },
  site_footer_markdown: { Control: MarkdownControl },
  site_custom_head: { Control: RawHtmlControl },
  site_custom_body: { Control: RawHtmlControl },
};

const BY_TYPE: Record<Exclude<SettingDefinition['type'], 'bool'>, ComponentType<SettingControlProps>> = {
  text: TextControl,
  textarea: TextareaControl,
  number: NumberControl,
  select: SelectControl,
};

function specOf(def: SettingDefinition): FieldSpec {
  const override = OVERRIDES[def.key as SettingKey];
  if (override) return { def, keys: [def.key, ...(override.alsoEdits ?? [])], Control: override.Control };
  if (isExtensionList(def)) return { def, keys: [def.key], Control: ExtensionListControl };
  return { def, keys: [def.key], Control: def.type === 'bool' ? 'switch' : BY_TYPE[def.type] };
}

/**
 * The fields of a group, generated from its catalogue entries in display order: every key gets a
 * control by its type, so a key added to the catalogue appears here without touching the form.
 */
export function fieldsOf(defs: readonly SettingDefinition[]): FieldSpec[] {
  const covered = new Set<string>();
  const fields: FieldSpec[] = [];
  for (const def of defs) {
    if (covered.has(def.key)) continue;
    const spec = specOf(def);
    for (const key of spec.keys) covered.add(key);
    fields.push(spec);
  }
  return fields;
}

/** Card headings of each group's form; a key not placed here lands in a trailing "other" card. */
export const SECTIONS = {
  1: [
    { id: 'uploads', keys: ['max_upload_size', 'file_naming_strategy'] },
    { id: 'links', keys: ['default_use_proxy', 'proxy_sign_all', 'proxy_sign_expires'] },
  ],
  2: [
    {
      id: 'fileTypes',
      keys: [
        'preview_text_types',
        'preview_image_types',
        'preview_video_types',
        'preview_audio_types',
        'preview_office_types',
        'preview_document_types',
      ],
    },
    { id: 'office', keys: ['preview_office_provider'] },
  ],
  3: [{ id: 'webdav', keys: ['webdav_upload_mode'] }],
  4: [
    { id: 'branding', keys: ['site_title', 'site_favicon_url'] },
    { id: 'announcement', keys: ['site_announcement_enabled', 'site_announcement_content'] },
    { id: 'footer', keys: ['site_footer_markdown'] },
    { id: 'customCode', keys: ['site_custom_head', 'site_custom_body'] },
  ],
} as const satisfies Record<SettingGroupId, readonly { id: string; keys: readonly SettingKey[] }[]>;

export type SectionId = (typeof SECTIONS)[SettingGroupId][number]['id'] | 'other';

/** The group's fields, arranged into its sections (empty sections are dropped). */
export function sectionsOf(
  group: SettingGroupId,
  fields: readonly FieldSpec[],
): { id: SectionId; fields: FieldSpec[] }[] {
  const layout: readonly { id: SectionId; keys: readonly string[] }[] = SECTIONS[group];
  const placed = new Set(layout.flatMap((section) => section.keys));
  const sections = layout.map((section) => ({
    id: section.id,
    fields: fields.filter((field) => section.keys.includes(field.def.key)),
  }));
  sections.push({ id: 'other', fields: fields.filter((field) => !placed.has(field.def.key)) });
  return sections.filter((section) => section.fields.length > 0);
}
