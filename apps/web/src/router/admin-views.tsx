/**
 * The admin pages inside AdminLayout, kept alive per tag (SPEC §2 "Admin layout": visited views are
 * cached, pages flagged noCache are not).
 *
 * AdminLayout is rendered by the route table in place of its routes (router/index.tsx), so the
 * panes' `<Routes>` match the pages' absolute paths; it renders one pane per view to show or keep:
 * the current location, plus the cached tags (store/tags.ts `cachedPaths`). Each pane is its own
 * `<Routes location>` over the admin page routes, inside React's `<Activity>`: the shown pane is
 * 'visible'; a kept pane is 'hidden' — its DOM stays (display: none) with all its state (filters,
 * page number, half-filled forms), its effects are cleaned up while hidden (no timers or polls run)
 * and come back when it is shown again (a list then refetches its page). A pane keeps the location it
 * last had while shown, so a hidden view never sees another page's path or query. Refreshing a tag
 * changes its pane's key: the view is mounted afresh.
 *
 * An /admin path that matches no page goes to /404 (as before the layout handled its own routes).
 */
import { Activity, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, type Location } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { resolveView } from './registry';
import { Keyed } from './keyed';
import type { FlatRoute } from './tree';

/** One view to render: `key` changes when the view must be mounted afresh (refresh). */
export interface AdminPane {
  key: string;
  path: string;
  /** The location the view sees: the current one for the shown pane; for a hidden one, what it had when it was last shown. */
  location: Pick<Location, 'pathname' | 'search' | 'hash'> & Partial<Location>;
  active: boolean;
}

function Pane({ pane, routes }: { pane: AdminPane; routes: ReactNode }) {
  // A pane that goes hidden keeps the location it had while shown.
  const [kept, setKept] = useState(pane.location);
  if (pane.active && kept !== pane.location) setKept(pane.location);
  const location = pane.active ? pane.location : kept;
  return (
    <Activity mode={pane.active ? 'visible' : 'hidden'}>
      <div className="admin-view" data-path={pane.path}>
        <Suspense fallback={<PageLoading />}>
          <Routes location={location}>{routes}</Routes>
        </Suspense>
      </div>
    </Activity>
  );
}

/** Renders `panes` (each a `<Routes location>` over the admin `pages`); see the module comment. */
export function AdminViews({ pages, panes }: { pages: FlatRoute[]; panes: AdminPane[] }) {
  const routes = useMemo(
    () => [
      ...pages.flatMap((r) => {
        const view = resolveView(r.component, r.path);
        return view ? [<Route key={r.path} path={r.path} element={<Keyed view={view} />} />] : [];
      }),
      <Route key="*" path="*" element={<Navigate to="/404" replace />} />,
    ],
    [pages],
  );
  return (
    <>
      {panes.map((pane) => (
        <Pane key={pane.key} pane={pane} routes={routes} />
      ))}
    </>
  );
}
