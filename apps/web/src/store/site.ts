/**
 * Site information hook (SPEC §3 site data): siteName, copyRight html, filingNo, userReg … loaded
 * once from the public /api/sys/config/site; falls back to defaults while loading or on failure.
 */
import { useQuery } from '@tanstack/react-query';
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
  moduleExam: true,
  moduleBattle: false,
  props: { moduleCourse: false, moduleCert: false },
};

export function useSiteInfo(): { site: SiteInfo; loaded: boolean } {
  const query = useQuery({ queryKey: ['site-info'], queryFn: () => call(configApi.site, {}), staleTime: Infinity, gcTime: Infinity });
  return { site: query.data ?? DEFAULT_SITE, loaded: query.isSuccess };
}
