import type { TFunction } from 'i18next';
import {
  Archive,
  Cloud,
  Database,
  Eye,
  FileText,
  Globe,
  HardDrive,
  KeyRound,
  LayoutDashboard,
  Palette,
  SlidersHorizontal,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { AdminPage } from '../lib/auth/admin-access';

export interface AdminPageMeta {
  icon: LucideIcon;
  label: (t: TFunction) => string;
  /** Settings pages are grouped under their own heading in the menu. */
  group: 'main' | 'settings';
}

/** Menu entries and page subtitles of the admin area, one place for both. */
export const ADMIN_PAGE_META: Record<AdminPage, AdminPageMeta> = {
  dashboard: { icon: LayoutDashboard, label: (t) => t('admin.menu.dashboard'), group: 'main' },
  'text-management': { icon: FileText, label: (t) => t('admin.menu.textManagement'), group: 'main' },
  'file-management': { icon: HardDrive, label: (t) => t('admin.menu.fileManagement'), group: 'main' },
  'key-management': { icon: KeyRound, label: (t) => t('admin.menu.keyManagement'), group: 'main' },
  'mount-management': { icon: Database, label: (t) => t('admin.menu.mountManagement'), group: 'main' },
  'storage-config': { icon: Cloud, label: (t) => t('admin.menu.storageConfig'), group: 'main' },
  backup: { icon: Archive, label: (t) => t('admin.menu.backup'), group: 'main' },
  account: { icon: UserRound, label: (t) => t('admin.menu.account'), group: 'main' },
  'settings/global': { icon: SlidersHorizontal, label: (t) => t('admin.menu.settingsGlobal'), group: 'settings' },
  'settings/preview': { icon: Eye, label: (t) => t('admin.menu.settingsPreview'), group: 'settings' },
  'settings/webdav': { icon: Globe, label: (t) => t('admin.menu.settingsWebdav'), group: 'settings' },
  'settings/site': { icon: Palette, label: (t) => t('admin.menu.settingsSite'), group: 'settings' },
};
