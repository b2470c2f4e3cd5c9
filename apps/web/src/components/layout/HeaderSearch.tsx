/**
 * Header search of the admin layout (SPEC §2 "A header search box finds visible menu entries by title
 * and path and navigates to the chosen one"; SPEC §9 Fuse constants, menu-search.ts): a search select
 * over the visible admin pages. Typing filters fuzzily (best first), arrow keys move through the
 * results, Enter or a click opens the page, Escape closes the list.
 *
 * Loaded lazily by AdminLayout (Fuse.js comes with it).
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { RouteNode } from '@kaopei/contracts/sys-menu';
import { createMenuSearch, entryLabel, menuEntries } from './menu-search';

/** `roots`: the admin roots of the session's route tree. */
export default function HeaderSearch({ roots }: { roots: RouteNode[] }) {
  const navigate = useNavigate();
  const search = useMemo(() => createMenuSearch(menuEntries(roots)), [roots]);
  const [query, setQuery] = useState('');
  const options = useMemo(
    () =>
      search(query).map((e) => ({
        value: e.path,
        label: <span data-testid={`header-search-option-${e.path}`}>{entryLabel(e)}</span>,
      })),
    [search, query],
  );

  return (
    <Select<string>
      className="header-search"
      data-testid="header-search"
      aria-label="菜单搜索"
      placeholder="搜索菜单"
      value={null}
      showSearch={{ filterOption: false, searchValue: query, onSearch: setQuery, autoClearSearchValue: true }}
      suffixIcon={<SearchOutlined />}
      options={options}
      notFoundContent={query.trim() ? '没有匹配的菜单' : null}
      popupMatchSelectWidth={280}
      onChange={(path) => {
        setQuery('');
        if (path) navigate(path);
      }}
    />
  );
}
