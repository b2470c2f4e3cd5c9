/**
 * Certificate select (SPEC §2 "Pickers and selects", §3 "Select items for certificate: id, title",
 * §7 "Certificate … select lists call their paging endpoints", §9 select widgets page 1 size 100):
 * remote search by title on /api/cert/cert/paging; the chosen template is asked for with
 * `selectKeys`, so its title shows even outside the first 100 or the current search. Clearable
 * (an exam without certificate).
 */
import { useMemo, useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { certApi } from '@kaopei/contracts/cert';
import { call } from '../../../api/request';

type Props = Omit<SelectProps<string>, 'options' | 'onSearch' | 'filterOption' | 'showSearch'>;

export function CertSelect({ placeholder = '请选择证书（可不选）', value, ...rest }: Props) {
  const [keyword, setKeyword] = useState('');
  const query = useQuery({
    queryKey: ['cert-select', keyword, value ?? null],
    queryFn: () => call(certApi.paging, { current: 1, size: 100, params: keyword ? { title: keyword } : {}, ...(value ? { selectKeys: [value] } : {}) }),
    staleTime: 30_000,
  });
  const options = useMemo(() => {
    const records = query.data?.records ?? [];
    const selected = (query.data?.selectList ?? []).filter((s) => !records.some((r) => r.id === s.id));
    return [...selected, ...records].map((r) => ({ value: r.id, label: r.title }));
  }, [query.data]);

  return (
    <Select<string>
      allowClear
      {...rest}
      value={value}
      placeholder={placeholder}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={query.isFetching}
      options={options}
      onOpenChange={(open) => {
        if (!open) setKeyword('');
      }}
    />
  );
}
