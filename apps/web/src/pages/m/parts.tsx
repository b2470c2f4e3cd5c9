/**
 * Building blocks of the /m pages (issue 14): a titled list section with its loading and empty
 * states, and a "load more" paging over a learner paging endpoint (20 rows a page).
 */
import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, DotLoading, Empty, List } from 'antd-mobile';

/** One card of a /m page: `title` above a list; `loading` shows dots, `empty` (text) shows when there are no children. */
export function MSection({ title, extra, testId, loading, empty, children }: { title: ReactNode; extra?: ReactNode; testId: string; loading?: boolean; empty?: string | false; children?: ReactNode }) {
  return (
    <div className="m-section" data-testid={testId}>
      <List
        header={
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
            <span style={{ fontWeight: 600, color: '#333', fontSize: 15 }}>{title}</span>
            {extra}
          </div>
        }
      >
        {children}
      </List>
      {loading ? (
        <div className="m-loading">
          <DotLoading color="primary" />
        </div>
      ) : empty ? (
        <Empty description={empty} data-testid={`${testId}-empty`} />
      ) : null}
    </div>
  );
}

/** A page of rows as learner paging endpoints answer it. */
interface Page<T> {
  records: T[];
  total: number;
}

export const M_PAGE_SIZE = 20;

/** Rows of `load(current, size)` page after page; `more()` fetches the next page while `hasMore`. */
export function useMorePages<T>(key: readonly unknown[], load: (current: number, size: number) => Promise<Page<T>>) {
  const q = useInfiniteQuery({
    queryKey: key,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => load(pageParam, M_PAGE_SIZE),
    getNextPageParam: (last, all) => (all.length * M_PAGE_SIZE < last.total ? all.length + 1 : undefined),
  });
  return {
    rows: q.data?.pages.flatMap((p) => p.records) ?? [],
    total: q.data?.pages[0]?.total ?? 0,
    loading: q.isLoading,
    hasMore: q.hasNextPage,
    fetchingMore: q.isFetchingNextPage,
    more: () => void q.fetchNextPage(),
  };
}

/** The 加载更多 button under a list (hidden when everything is shown). */
export function MoreButton({ show, loading, onClick, testId }: { show: boolean; loading: boolean; onClick: () => void; testId: string }) {
  if (!show) return null;
  return (
    <Button className="m-more" fill="none" color="primary" loading={loading} onClick={onClick} data-testid={testId}>
      加载更多
    </Button>
  );
}

/** `yyyy-MM-dd` of a `yyyy-MM-dd HH:mm:ss` time ('' stays ''). */
export const day = (t: string | null | undefined) => (t ?? '').slice(0, 10);
