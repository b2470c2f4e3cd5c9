/** Tags view state (SPEC §2 admin layout): open, refresh, close, close others, close all keep the affixed tabs. */
import { describe, expect, it } from 'vitest';
import { ADMIN_HOME, cachedPaths, EMPTY_TAGS, landingAfter, tagsReducer, tagsStore, type TagsAction, type TagsState, type TagView } from './tags';

const view = (path: string, over: Partial<TagView> = {}): Omit<TagView, 'nonce'> => ({ path, fullPath: path, title: path, affix: false, noCache: false, ...over });
const DASH = view('/admin/dashboard', { title: '控制台', affix: true });

const run = (...actions: TagsAction[]): TagsState => actions.reduce(tagsReducer, EMPTY_TAGS);
const paths = (s: TagsState) => s.views.map((v) => v.path);
const start = () => run({ type: 'reset', owner: 't1', affix: [DASH] }, { type: 'open', view: view('/admin/exam/repo') }, { type: 'open', view: view('/admin/sys/notice') });

describe('tagsReducer', () => {
  it('starts a session with the affixed views only (duplicates dropped)', () => {
    const s = run({ type: 'open', view: view('/x') }, { type: 'reset', owner: 't1', affix: [DASH, DASH] });
    expect(s.owner).toBe('t1');
    expect(paths(s)).toEqual(['/admin/dashboard']);
    expect(s.views[0]).toMatchObject({ affix: true, nonce: 0, title: '控制台' });
  });

  it('opens a tab once per path, in visiting order, updating its fullPath and title', () => {
    let s = start();
    expect(paths(s)).toEqual(['/admin/dashboard', '/admin/exam/repo', '/admin/sys/notice']);
    const same = tagsReducer(s, { type: 'open', view: view('/admin/exam/repo') });
    expect(same).toBe(s);
    s = tagsReducer(s, { type: 'open', view: view('/admin/exam/repo', { fullPath: '/admin/exam/repo?x=1', title: '题库' }) });
    expect(paths(s)).toEqual(['/admin/dashboard', '/admin/exam/repo', '/admin/sys/notice']);
    expect(s.views[1]).toMatchObject({ fullPath: '/admin/exam/repo?x=1', title: '题库' });
  });

  it('puts an affixed view opened later after the other affixed ones, before the rest', () => {
    const s = tagsReducer(start(), { type: 'open', view: view('/admin/home2', { affix: true }) });
    expect(paths(s)).toEqual(['/admin/dashboard', '/admin/home2', '/admin/exam/repo', '/admin/sys/notice']);
  });

  it('refresh bumps the nonce of one tab only', () => {
    const s = tagsReducer(start(), { type: 'refresh', path: '/admin/exam/repo' });
    expect(s.views.map((v) => v.nonce)).toEqual([0, 1, 0]);
    expect(tagsReducer(s, { type: 'refresh', path: '/nope' })).toBe(s);
  });

  it('closes one tab, never an affixed one', () => {
    const s = tagsReducer(start(), { type: 'close', path: '/admin/exam/repo' });
    expect(paths(s)).toEqual(['/admin/dashboard', '/admin/sys/notice']);
    expect(tagsReducer(s, { type: 'close', path: '/admin/dashboard' })).toBe(s);
  });

  it('close others keeps the affixed tabs and the chosen one', () => {
    const s = tagsReducer(start(), { type: 'closeOthers', path: '/admin/sys/notice' });
    expect(paths(s)).toEqual(['/admin/dashboard', '/admin/sys/notice']);
    expect(paths(tagsReducer(start(), { type: 'closeOthers', path: '/admin/dashboard' }))).toEqual(['/admin/dashboard']);
  });

  it('close all keeps the affixed tabs', () => {
    const s = tagsReducer(start(), { type: 'closeAll' });
    expect(paths(s)).toEqual(['/admin/dashboard']);
    expect(tagsReducer(s, { type: 'closeAll' })).toBe(s);
    expect(paths(run({ type: 'open', view: view('/a') }, { type: 'closeAll' }))).toEqual([]);
  });
});

describe('landingAfter', () => {
  it('stays when the shown tab is still open, else goes to the last tab left, else home', () => {
    const s = start();
    expect(landingAfter(s, '/admin/sys/notice')).toBeNull();
    expect(landingAfter(tagsReducer(s, { type: 'close', path: '/admin/sys/notice' }), '/admin/sys/notice')).toBe('/admin/exam/repo');
    expect(landingAfter(tagsReducer(s, { type: 'closeAll' }), '/admin/sys/notice')).toBe('/admin/dashboard');
    expect(landingAfter(run({ type: 'open', view: view('/a') }, { type: 'closeAll' }), '/a')).toBe(ADMIN_HOME);
  });

  it('goes back to the full path (with query) of the last tab', () => {
    const s = run({ type: 'open', view: view('/admin/exam/qu', { fullPath: '/admin/exam/qu?repoId=7' }) }, { type: 'open', view: view('/b') }, { type: 'close', path: '/b' });
    expect(landingAfter(s, '/b')).toBe('/admin/exam/qu?repoId=7');
  });
});

describe('cachedPaths', () => {
  it('keeps the tabs not flagged noCache, most recently shown first, up to the limit', () => {
    const s = run(
      { type: 'reset', owner: 't', affix: [DASH] },
      { type: 'open', view: view('/a') },
      { type: 'open', view: view('/qu/add', { noCache: true }) },
      { type: 'open', view: view('/b') },
      { type: 'open', view: view('/c') },
    );
    const recent = ['/admin/dashboard', '/a', '/qu/add', '/b', '/closed', '/c'];
    expect([...cachedPaths(s.views, recent)].sort()).toEqual(['/a', '/admin/dashboard', '/b', '/c']);
    expect([...cachedPaths(s.views, recent, 2)]).toEqual(['/c', '/b']);
    expect(cachedPaths(s.views, []).size).toBe(0);
  });
});

describe('tagsStore', () => {
  it('notifies on change only and clears on logout', () => {
    let calls = 0;
    const stop = tagsStore.subscribe(() => calls++);
    tagsStore.dispatch({ type: 'reset', owner: 'x', affix: [DASH] });
    tagsStore.dispatch({ type: 'open', view: DASH });
    expect(calls).toBe(1);
    tagsStore.clear();
    expect(tagsStore.get()).toBe(EMPTY_TAGS);
    expect(calls).toBe(2);
    stop();
  });
});
