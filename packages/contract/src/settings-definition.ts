import { z } from 'zod';
import type { SettingGroupId } from './constants.js';

/**
 * What a setting is: its group, input control, wire flags and definition. The catalogue of every
 * setting (settings-catalogue.ts) is built from these.
 */

/** A text in both languages the product speaks. */
export interface LocalText {
  en: string;
  zh: string;
}

export const SETTING_GROUP_IDS: readonly SettingGroupId[] = [1, 2, 3, 4];

/** Display names of the groups (`GET /api/admin/settings/groups`). */
export const SETTING_GROUP_NAMES: Record<SettingGroupId, LocalText> = {
  1: { en: 'Global settings', zh: '全局设置' },
  2: { en: 'Preview settings', zh: '预览设置' },
  3: { en: 'WebDAV settings', zh: 'WebDAV 设置' },
  4: { en: 'Site settings', zh: '站点设置' },
};

/** Input control of a setting. */
export const SettingType = z.enum(['text', 'textarea', 'number', 'bool', 'select']);
export type SettingType = z.infer<typeof SettingType>;

/** `flags` on the wire, as the original defines them (0 public, 1 private, 2 readonly, 3 deprecated). */
export const SETTING_FLAGS = { PUBLIC: 0, PRIVATE: 1, READONLY: 2, DEPRECATED: 3 } as const;

/** One choice of a select setting: the stored value and its label. */
export interface SettingOption {
  value: string;
  label: LocalText;
}

/** One setting of the catalogue, as server and web read it. */
export interface SettingDefinition {
  key: string;
  group: SettingGroupId;
  type: SettingType;
  /** The stored (string) default; always valid under `schema`. */
  default: string;
  /** Choices of a select; null for other types. */
  options: readonly SettingOption[] | null;
  /** Accepts a submitted value and outputs the normalised string to store. */
  schema: z.ZodType<string>;
  /** Visitors may read it (the site group every page needs); everything else is admin-only. */
  public: boolean;
  sortOrder: number;
  description: LocalText;
  /** Raw HTML injected into every page without sanitising: admin-written by design, never user input. */
  rawHtml: boolean;
}
