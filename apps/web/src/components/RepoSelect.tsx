/**
 * Question-bank select (SPEC §9 select widgets: page 1, size 100) with server-side title search.
 * `fallback` supplies the label of a selected bank that is not among the loaded options (edit forms).
 */
import { useMemo, useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { repoApi } from '@kaopei/contracts/repo';
import { call } from '../api/request';

interface Props extends Omit<SelectProps<string>, 'options' | 'onSearch' | 'filterOption' | 'showSearch'> {
  fallback?: { value: string; label: string };
  testIdPrefix?: string;
}

export function RepoSelect({ fallback, testIdPrefix, placeholder = '请选择题库', ...rest }: Props) {
  const [keyword, setKeyword] = useState('');
  const query = useQuery({
    queryKey: ['repo-select', keyword],
    queryFn: () => call(repoApi.paging, { current: 1, size: 100, params: keyword ? { title: keyword } : {} }),
    staleTime: 30_000,
  });
  const options = useMemo(() => {
    const list = (query.data?.records ?? []).map((r) => ({
      value: r.id,
      label: r.title,
      ...(testIdPrefix ? { 'data-testid': `${testIdPrefix}-${r.id}` } : {}),
    }));
    if (fallback && fallback.value && !list.some((o) => o.value === fallback.value)) list.unshift({ value: fallback.value, label: fallback.label });
    return list;
  }, [query.data, fallback, testIdPrefix]);

  return (
    <Select<string>
      {...rest}
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
