import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SETTING_GROUPS, SettingsUpdateResultDto, type SettingGroupId } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { refreshSiteConfig } from '../../../lib/site/site-config';
import { settingsQueryKey } from './get-settings';

export interface UpdateSettingsInput {
  group: SettingGroupId;
  /** Only the keys that changed, as the normalised strings the catalogue's schemas output. */
  values: Record<string, string>;
}

/**
 * `PUT /api/admin/settings/group/{group}`. Resolves for 200 (all saved) and 202 (some keys refused,
 * listed in `errors`); a 400 VALIDATION_FAILED (nothing saved) throws with the keys in `details`.
 */
export function updateSettings({ group, values }: UpdateSettingsInput): Promise<SettingsUpdateResultDto> {
  return apiRequest(`/admin/settings/group/${group}`, {
    method: 'PUT',
    body: values,
    schema: SettingsUpdateResultDto,
    offline: 'updateGroupSettings',
  });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    // Resolving after the refetch lets the form drop its draft without showing the old values in between.
    onSuccess: (_result, { group }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsQueryKey(group) }),
        // Site settings are cached for 24 h in every browser; this one refreshes at once. A failed
        // refresh leaves the cache marked stale, so the next page load fetches anyway.
        group === SETTING_GROUPS.SITE ? refreshSiteConfig(queryClient).catch(() => undefined) : undefined,
      ]),
  });
}
