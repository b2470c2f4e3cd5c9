/**
 * List helpers shared by every paged table (SPEC §2 generic paging tables, §5 delete rules, §9 page
 * sizes): paging state with antd pagination props, a paged list (paging + its query + the selected
 * row ids), and the delete action with its confirmation '确实要删除吗?' and the selection check
 * '请至少选择一条数据！'.
 */
import { useCallback, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, type TablePaginationConfig } from 'antd';
import { type Page, PAGE_SIZES } from '@kaopei/contracts';

export const DEFAULT_PAGE_SIZE = 10;
export const DELETE_CONFIRM = '确实要删除吗?';
export const SELECT_ONE = '请至少选择一条数据！';
export const DELETE_OK = '删除成功！';

export function usePaging<P>(initialParams: P, initialSize = DEFAULT_PAGE_SIZE) {
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(initialSize);
  const [params, setParams] = useState<P>(initialParams);

  /** Apply new filters and go back to page 1. */
  const search = useCallback((next: P) => {
    setParams(next);
    setCurrent(1);
  }, []);

  const pagination = (total: number | undefined): TablePaginationConfig => ({
    current,
    pageSize: size,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showTotal: (t) => `共 ${t} 条`,
    onChange: (page, pageSize) => {
      setCurrent(pageSize !== size ? 1 : page);
      setSize(pageSize);
    },
  });

  return { current, size, params, search, setCurrent, pagination };
}

const NO_KEYS: readonly string[] = [];

/**
 * One paged list: `paging` (usePaging), `query` of the page (query key `[key, current, size,
 * params]`, the previous page stays shown while the next one loads), the selected row ids, and
 * `refresh`, which clears the selection and invalidates `key` plus the keys in `alsoInvalidate`
 * (other lists that show counts of the changed records; pass a module constant so that `refresh`
 * stays the same function between renders).
 */
export function usePagedList<P, R>(
  key: string,
  load: (current: number, size: number, params: P) => Promise<Page<R>>,
  initialParams: P,
  alsoInvalidate: readonly string[] = NO_KEYS,
) {
  const queryClient = useQueryClient();
  const paging = usePaging<P>(initialParams);
  const [selected, setSelected] = useState<string[]>([]);
  const query = useQuery({
    queryKey: [key, paging.current, paging.size, paging.params],
    queryFn: () => load(paging.current, paging.size, paging.params),
    placeholderData: keepPreviousData,
  });
  const refresh = useCallback(() => {
    setSelected([]);
    for (const k of [key, ...alsoInvalidate]) void queryClient.invalidateQueries({ queryKey: [k] });
  }, [queryClient, key, alsoInvalidate]);
  return { paging, query, selected, setSelected, refresh };
}

export type PagedList<P, R> = ReturnType<typeof usePagedList<P, R>>;

/** Delete with confirmation: no ids → the warning '请至少选择一条数据！'; done → '删除成功！' and `onDone`. */
export function useDeleteAction(remove: (ids: string[]) => Promise<unknown>, onDone: () => void) {
  const { modal, message } = App.useApp();
  return useCallback(
    (ids: string[]) => {
      if (ids.length === 0) {
        message.warning(SELECT_ONE);
        return;
      }
      modal.confirm({
        title: '提示',
        content: DELETE_CONFIRM,
        okText: '确定',
        cancelText: '取消',
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            await remove(ids);
            message.success(DELETE_OK);
            onDone();
          } catch {
            // shown by the request helper
          }
        },
      });
    },
    [modal, message, remove, onDone],
  );
}

export const STATE_OK = '状态修改成功!';

/**
 * Enable / disable action of a list (state 0 / 1): no ids → the warning '请至少选择一条数据！';
 * done → '状态修改成功!' and `onDone`; errors are shown by the request helper.
 */
export function useStateAction(change: (ids: string[], state: 0 | 1) => Promise<unknown>, onDone: () => void) {
  const { message } = App.useApp();
  return useCallback(
    async (ids: string[], state: 0 | 1) => {
      if (ids.length === 0) {
        message.warning(SELECT_ONE);
        return;
      }
      try {
        await change(ids, state);
        message.success(STATE_OK);
        onDone();
      } catch {
        // shown by the request helper
      }
    },
    [message, change, onDone],
  );
}
