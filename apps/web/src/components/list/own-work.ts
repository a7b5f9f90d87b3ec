import { USER_TYPES } from '@peis/shared';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/use-session';
import { fetchPaged } from './paged-list';

/**
 * Whether a work list (阳性任务, 随访计划) opens on 只看我的: always for an expert, for health staff when some of
 * the list's work is assigned to them; undefined until that is known (the list waits for it). `path` is the
 * list's endpoint, asked for one row of `mine=true`.
 */
export function useOwnWorkDefault(path: string): boolean | undefined {
  const { session } = useSession();
  const type = session?.userType;
  const staff = type === USER_TYPES.healthStaff;
  const assigned = useQuery({
    queryKey: ['own-work', path, session?.username],
    queryFn: ({ signal }) => fetchPaged(path, { mine: 'true', page: 1, pageSize: 1 }, signal),
    enabled: staff,
    staleTime: 60_000,
  });
  if (type === USER_TYPES.expert) return true;
  if (!staff) return false;
  if (assigned.isError) return false;
  return assigned.data ? assigned.data.total > 0 : undefined;
}
