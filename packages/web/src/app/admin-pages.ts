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
import { ADMIN_PAGE_LABELS } from './admin-page-labels';

export interface AdminPageMeta {
  icon: LucideIcon;
  label: (t: TFunction) => string;
  /** Settings pages are grouped under their own heading in the menu. */
  group: 'main' | 'settings';
}

/** Menu entries and page subtitles of the admin area, one place for both (names: admin-page-labels.ts). */
export const ADMIN_PAGE_META: Record<AdminPage, AdminPageMeta> = {
  dashboard: { icon: LayoutDashboard, label: ADMIN_PAGE_LABELS.dashboard, group: 'main' },
  'text-management': { icon: FileText, label: ADMIN_PAGE_LABELS['text-management'], group: 'main' },
  'file-management': { icon: HardDrive, label: ADMIN_PAGE_LABELS['file-management'], group: 'main' },
  'key-management': { icon: KeyRound, label: ADMIN_PAGE_LABELS['key-management'], group: 'main' },
  'mount-management': { icon: Database, label: ADMIN_PAGE_LABELS['mount-management'], group: 'main' },
  'storage-config': { icon: Cloud, label: ADMIN_PAGE_LABELS['storage-config'], group: 'main' },
  backup: { icon: Archive, label: ADMIN_PAGE_LABELS.backup, group: 'main' },
  account: { icon: UserRound, label: ADMIN_PAGE_LABELS.account, group: 'main' },
  'settings/global': { icon: SlidersHorizontal, label: ADMIN_PAGE_LABELS['settings/global'], group: 'settings' },
  'settings/preview': { icon: Eye, label: ADMIN_PAGE_LABELS['settings/preview'], group: 'settings' },
  'settings/webdav': { icon: Globe, label: ADMIN_PAGE_LABELS['settings/webdav'], group: 'settings' },
  'settings/site': { icon: Palette, label: ADMIN_PAGE_LABELS['settings/site'], group: 'settings' },
};
