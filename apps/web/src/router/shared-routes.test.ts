/** Which layout shows a path (router/shared-routes.ts): /profile/index follows the user's side. */
import { describe, expect, it } from 'vitest';
import { inAdminLayout, PROFILE_PATH, profileRoute } from './shared-routes';

const REDIRECTS = [
  { path: '/admin', to: '/admin/dashboard' },
  { path: '/admin/sys', to: '/admin/sys/depart' },
];

describe('shared routes', () => {
  it('shows /profile/index in the admin layout for administrators and in the learner layout for learners', () => {
    expect(PROFILE_PATH).toBe('/profile/index');
    expect(inAdminLayout('/profile/index', REDIRECTS, true)).toBe(true);
    expect(inAdminLayout('/profile/index', REDIRECTS, false)).toBe(false);
    expect(profileRoute('admin')).toMatchObject({ path: '/profile/index', component: 'Profile', title: '个人中心', hidden: true, layout: 'admin' });
  });

  it('shows /admin paths in the admin layout, except those that only redirect', () => {
    expect(inAdminLayout('/admin/dashboard', REDIRECTS, true)).toBe(true);
    expect(inAdminLayout('/admin/sys/depart', REDIRECTS, true)).toBe(true);
    expect(inAdminLayout('/admin/nowhere', REDIRECTS, true)).toBe(true); // the layout answers /404 itself
    expect(inAdminLayout('/admin', REDIRECTS, true)).toBe(false);
    expect(inAdminLayout('/admin/sys', REDIRECTS, true)).toBe(false);
    expect(inAdminLayout('/administrator', REDIRECTS, true)).toBe(false);
    expect(inAdminLayout('/web/home', REDIRECTS, true)).toBe(false);
    expect(inAdminLayout('/profile/index/x', REDIRECTS, true)).toBe(false);
  });
});
