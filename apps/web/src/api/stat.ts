/** Dashboard statistics (SPEC §7 /api/stat/total/num/all). */
import type { TotalNum } from '@kaopei/contracts';
import { request } from './request';

export const statApi = {
  totalNum: () => request<TotalNum>('/api/stat/total/num/all'),
};
