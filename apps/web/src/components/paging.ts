/**
 * List helpers shared by every paged table (SPEC §2 generic paging tables, §5 delete rules, §9 page
 * sizes): paging state with antd pagination props, and the delete action with its confirmation
 * '确实要删除吗?' and the selection check '请至少选择一条数据！'.
 */
import { useCallback, useState } from 'react';
import { App, type TablePaginationConfig } from 'antd';
import { PAGE_SIZES } from '@kaopei/contracts';

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

/** Delete with confirmation; resolves true when deleted. */
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
