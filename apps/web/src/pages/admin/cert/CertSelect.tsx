/**
 * Certificate select (SPEC §2 "Pickers and selects", §3 "Select items for certificate: id, title",
 * §7 "Certificate … select lists call their paging endpoints", §9 select widgets page 1 size 100):
 * TitleSelect on /api/cert/cert/paging; the chosen template is asked for with `selectKeys`, so its
 * title shows even outside the first 100 or the current search. Clearable (an exam without
 * certificate).
 */
import { certApi } from '@kaopei/contracts/cert';
import { call } from '../../../api/request';
import { TitleSelect, type TitleSelectProps } from '../../../components/TitleSelect';

export function CertSelect({ placeholder = '请选择证书（可不选）', ...rest }: Omit<TitleSelectProps, 'queryKey' | 'fetch'>) {
  return (
    <TitleSelect
      allowClear
      {...rest}
      placeholder={placeholder}
      queryKey="cert-select"
      fetch={(keyword, selected) => call(certApi.paging, { current: 1, size: 100, params: keyword ? { title: keyword } : {}, ...(selected ? { selectKeys: [selected] } : {}) })}
    />
  );
}
