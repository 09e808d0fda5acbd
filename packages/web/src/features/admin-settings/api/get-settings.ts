import { queryOptions, useQuery } from '@tanstack/react-query';
import { SettingDto, type SettingGroupId } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';

/** `GET /api/admin/settings?group=N` — the group's rows with metadata (admin). */
export function getSettings(group: SettingGroupId): Promise<SettingDto[]> {
  return apiRequest('/admin/settings', { query: { group }, schema: SettingDto.array() });
}

export const settingsQueryKey = (group: SettingGroupId) => ['admin', 'settings', group] as const;

export const settingsQuery = (group: SettingGroupId) =>
  queryOptions({ queryKey: settingsQueryKey(group), queryFn: () => getSettings(group) });

export function useSettings(group: SettingGroupId) {
  return useQuery(settingsQuery(group));
}
