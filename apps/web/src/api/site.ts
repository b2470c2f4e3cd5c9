/** Public site information (SPEC §3 "Site data as loaded for display"). */
import type { SiteInfo } from '@kaopei/contracts';
import { request } from './request';

export const siteApi = {
  info: () => request<SiteInfo>('/api/sys/config/site'),
};
