/** The caller's profile as one shared query (POST /api/sys/user/profile): the form and the user card read it. */
import { useQuery } from '@tanstack/react-query';
import { userApi } from '@kaopei/contracts/sys-user';
import { call } from '../../api/request';

/** Query key of the caller's profile (invalidate it after a save). */
export const PROFILE_KEY = ['my-profile'] as const;

/** The caller's profile. */
export function useProfile() {
  return useQuery({ queryKey: PROFILE_KEY, queryFn: () => call(userApi.profile, {}) });
}
