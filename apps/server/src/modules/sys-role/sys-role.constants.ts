/** Fixed ids of the built-in roles (SPEC §6): the administrator (roleType 2) and the learner (roleType 1). */
export const ROLE_ADMIN_ID = '1000000000000000001';
export const ROLE_STUDENT_ID = '1000000000000000002';

/** Bus topic published when role grants (menus of roles) or role definitions change: every process drops its role cache. */
export const GRANTS_CHANGED = 'grants.changed';
