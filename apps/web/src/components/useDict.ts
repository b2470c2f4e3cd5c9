/**
 * Dictionaries in the web app (SPEC §3 dictionary entries, §7 /api/sys/dic/value/*, §9 dictionary
 * cache expiry 300000 ms): a dictionary is loaded once by its code and kept in memory (TanStack
 * Query) for DIC_CACHE_MS, so every select and every label of one page — and of the next pages
 * within 5 minutes — shares one request. An administrator's change drops it at once in the browser
 * that made it (`invalidateDict`).
 *
 *   const sex = useDict('sex');
 *   sex.label(record.sex)          // '男'
 *   <DictSelect dicCode="nation" /> // components/DictSelect.tsx
 */
import { useMemo } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { DIC_CACHE_MS, dicApi, type DicItem, type DicValueNode } from '@kaopei/contracts/sys-dic';
import { call } from '../api/request';

/** First part of every dictionary query key: `[DICT_QUERY_KEY, dicCode, …]`. */
export const DICT_QUERY_KEY = 'dict';

export interface Dict {
  /** The entries, depth first ({value, title}). */
  items: DicItem[];
  /** `value → title`. */
  labels: ReadonlyMap<string, string>;
  /** The title of `value` ('' when unknown or empty); numbers are looked up as strings. */
  label: (value: string | number | null | undefined) => string;
  /** True until the first answer (or failure). */
  loading: boolean;
}

/** `value → title` of `items`. */
export function dictLabels(items: readonly DicItem[]): ReadonlyMap<string, string> {
  return new Map(items.map((i) => [i.value, i.title]));
}

/** The flat entries of dictionary `dicCode` (/api/sys/dic/value/list), cached 5 minutes. */
export function useDict(dicCode: string): Dict {
  const query = useQuery({
    queryKey: [DICT_QUERY_KEY, dicCode, 'list'],
    queryFn: () => call(dicApi.valueList, { dicCode }),
    enabled: Boolean(dicCode),
    staleTime: DIC_CACHE_MS,
    gcTime: DIC_CACHE_MS,
  });
  const { data, isLoading } = query;
  return useMemo(() => {
    const items = data ?? [];
    const labels = dictLabels(items);
    return {
      items,
      labels,
      label: (value) => (value === null || value === undefined || value === '' ? '' : (labels.get(String(value)) ?? '')),
      loading: isLoading,
    };
  }, [data, isLoading]);
}

/** The entries of `dicCode` as a tree, without `excludes` and their sub-trees (/api/sys/dic/value/tree), cached 5 minutes. */
export function useDictTree(dicCode: string, excludes: readonly string[] = []): { tree: DicValueNode[]; loading: boolean } {
  const excluded = [...excludes].sort().join(',');
  const query = useQuery({
    queryKey: [DICT_QUERY_KEY, dicCode, 'tree', excluded],
    queryFn: () => call(dicApi.valueTree, { dicCode, excludes: excluded }),
    enabled: Boolean(dicCode),
    staleTime: DIC_CACHE_MS,
    gcTime: DIC_CACHE_MS,
  });
  return { tree: query.data ?? [], loading: query.isLoading };
}

/** Drops the cached entries of `dicCode` (every dictionary without it), e.g. after an administrator's change. */
export function invalidateDict(queryClient: QueryClient, dicCode?: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: dicCode ? [DICT_QUERY_KEY, dicCode] : [DICT_QUERY_KEY] });
}
