/**
 * Site information hook (SPEC §3 site data): siteName, logos, copyRight html, filingNo, userReg and
 * the login-method flags … loaded once from the public /api/sys/config/site; falls back to defaults
 * while loading or on failure. A page that changes the configuration calls `refreshSiteInfo` so the
 * layouts show the new values without a reload.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { SiteInfo } from '@kaopei/contracts/sys-config';
import { configApi } from '@kaopei/contracts/sys-config';
import { call } from '../api/request';

export const DEFAULT_SITE: SiteInfo = {
  siteName: '考培',
  frontLogo: '',
  backLogo: '',
  copyRight: '',
  filingNo: '',
  userReg: false,
  userAudit: false,
  userDeptType: 1,
  mobileLogin: false,
  wechatLogin: false,
  cropLogin: false,
  dingLogin: false,
  faceLogin: false,
  moduleExam: true,
  moduleBattle: false,
  props: { moduleCourse: false, moduleCert: false },
};

/** TanStack Query key of the site information. */
export const SITE_INFO_KEY = ['site-info'] as const;

export function useSiteInfo(): { site: SiteInfo; loaded: boolean } {
  const query = useQuery({ queryKey: SITE_INFO_KEY, queryFn: () => call(configApi.site, {}), staleTime: Infinity, gcTime: Infinity });
  return { site: query.data ?? DEFAULT_SITE, loaded: query.isSuccess };
}

/** Loads the site information again (after a save of the base configuration or the switches). */
export function refreshSiteInfo(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: SITE_INFO_KEY });
}
