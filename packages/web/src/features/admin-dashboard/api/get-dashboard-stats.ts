import { queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardStatsDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';

/** `GET /api/admin/dashboard/stats` — totals, per-storage usage and 7 days of new shares. */
export function getDashboardStats(): Promise<DashboardStatsDto> {
  return apiRequest('/admin/dashboard/stats', { schema: DashboardStatsDto });
}

export const dashboardStatsQuery = queryOptions({
  queryKey: ['admin', 'dashboard', 'stats'],
  queryFn: getDashboardStats,
});

export function useDashboardStats() {
  return useQuery(dashboardStatsQuery);
}
