/**
 * Question-bank select (SPEC §9 select widgets: page 1, size 100) with server-side title search.
 * The selected bank is asked for with `selectKeys` (SPEC §3 list query), so its title shows even when
 * it is not among the first 100 banks or the current search (edit forms, filters).
 */
import { useMemo, useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { repoApi } from '@kaopei/contracts/repo';
import { call } from '../api/request';

interface Props extends Omit<SelectProps<string>, 'options' | 'onSearch' | 'filterOption' | 'showSearch'> {
  testIdPrefix?: string;
}

export function RepoSelect({ testIdPrefix, placeholder = '请选择题库', value, ...rest }: Props) {
  const [keyword, setKeyword] = useState('');
  const query = useQuery({
    queryKey: ['repo-select', keyword, value ?? null],
    queryFn: () => call(repoApi.paging, { current: 1, size: 100, params: keyword ? { title: keyword } : {}, ...(value ? { selectKeys: [value] } : {}) }),
    staleTime: 30_000,
  });
  const options = useMemo(() => {
    const records = query.data?.records ?? [];
    const selected = (query.data?.selectList ?? []).filter((s) => !records.some((r) => r.id === s.id));
    return [...selected, ...records].map((r) => ({
      value: r.id,
      label: r.title,
      ...(testIdPrefix ? { 'data-testid': `${testIdPrefix}-${r.id}` } : {}),
    }));
  }, [query.data, testIdPrefix]);

  return (
    <Select<string>
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
