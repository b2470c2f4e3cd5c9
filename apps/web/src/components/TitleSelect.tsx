/**
 * A remote select of things with a title (SPEC §2 "Pickers and selects", §3 "Select items: id,
 * title", §9 select widgets: page 1, size 100): the options come from a paging call searched by
 * title on the server; the selected id is asked for too (`selectKeys`, where the endpoint supports
 * it), so its title shows even outside the first 100 or the current search. Banks, certificates and
 * message templates use it (RepoSelect, CertSelect, TmplSelect).
 * Props: `queryKey` (react-query key prefix), `fetch(keyword, selected)` → `{records, selectList?}`,
 * `testIdPrefix` (data-testid `<prefix>-<id>` on each option), and antd Select props.
 */
import { useMemo, useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';

/** One option's source. */
export interface TitleItem {
  id: string;
  title: string;
}

export interface TitleSelectProps extends Omit<SelectProps<string>, 'options' | 'onSearch' | 'filterOption' | 'showSearch'> {
  queryKey: string;
  /** Page 1 (size 100) of the items whose title contains `keyword`, plus `selected` in `selectList` when given. */
  fetch: (keyword: string, selected: string | undefined) => Promise<{ records: TitleItem[]; selectList?: TitleItem[] }>;
  testIdPrefix?: string;
}

export function TitleSelect({ queryKey, fetch, testIdPrefix, value, ...rest }: TitleSelectProps) {
  const [keyword, setKeyword] = useState('');
  const query = useQuery({ queryKey: [queryKey, keyword, value ?? null], queryFn: () => fetch(keyword, value ?? undefined), staleTime: 30_000 });
  const options = useMemo(() => {
    const records = query.data?.records ?? [];
    const selected = (query.data?.selectList ?? []).filter((s) => !records.some((r) => r.id === s.id));
    return [...selected, ...records].map((r) => ({ value: r.id, label: r.title, ...(testIdPrefix ? { 'data-testid': `${testIdPrefix}-${r.id}` } : {}) }));
  }, [query.data, testIdPrefix]);

  return (
    <Select<string>
      {...rest}
      value={value}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={query.isFetching}
      options={options}
      onOpenChange={(open) => {
        if (!open) setKeyword('');
      }}
    />
  );
}
