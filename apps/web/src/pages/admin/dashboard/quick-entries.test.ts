/** The dashboard quick-entry rule (quick-entries.ts, SPEC §2 Dashboard). */
import { describe, expect, it } from 'vitest';
import type { FlatRoute } from '../../../router/tree';
import { quickEntries } from './quick-entries';

const route = (name: string, path: string): FlatRoute => ({ name, path, component: name, title: name, hidden: false, layout: 'admin', affix: false, noCache: false });
const ALL = ['exam:add', 'course:add', 'repo:list', 'cert:list', 'sys:notice:list'];
const holds = (codes: string[]) => (code: string) => codes.includes(code);
const keys = (codes: string[], routes: FlatRoute[]) => quickEntries(holds(codes), routes).map((e) => e.key);
const COURSE = route('ListCourse', '/admin/course/course');
const CERT = route('ListCert', '/admin/cert/cert');

describe('dashboard quick entries', () => {
  it('shows exam, bank and notice cards on a site without courses and certificates (2 cards → notice added)', () => {
    expect(quickEntries(holds(ALL), [])).toEqual([
      expect.objectContaining({ key: 'exam', to: '/admin/exam/exam/add' }),
      expect.objectContaining({ key: 'repo', to: '/admin/exam/repo' }),
      expect.objectContaining({ key: 'notice', to: '/admin/sys/notice' }),
    ]);
  });

  it('adds the certificate card with its page path when the site has certificates (3 cards, odd → notice added)', () => {
    const entries = quickEntries(holds(ALL), [CERT]);
    expect(entries.map((e) => e.key)).toEqual(['exam', 'repo', 'cert', 'notice']);
    expect(entries.find((e) => e.key === 'cert')?.to).toBe('/admin/cert/cert');
  });

  it('leaves the notice card out when four cards already show (even and not under 3)', () => {
    expect(keys(ALL, [COURSE, CERT])).toEqual(['exam', 'course', 'repo', 'cert']);
  });

  it('needs the permission code of every card, and the page of the course and certificate cards', () => {
    expect(keys(['repo:list', 'sys:notice:list'], [COURSE, CERT])).toEqual(['repo', 'notice']);
    expect(keys(['exam:add', 'course:add', 'repo:list', 'cert:list'], [COURSE])).toEqual(['exam', 'course', 'repo']);
    expect(keys(['cert:list', 'sys:notice:list'], [])).toEqual(['notice']);
    expect(keys([], [COURSE, CERT])).toEqual([]);
  });
});
