/** Fixed ids and codes of the built-in base data (roles, default department). */
export const ROLE_ADMIN_ID = '1000000000000000001';
export const ROLE_STUDENT_ID = '1000000000000000002';
export const DEFAULT_DEPT_CODE = 'A01';
export const DEFAULT_DEPT_NAME = '默认部门';
export const ADMIN_USER_NAME = 'admin';
/** Well-known demo passwords: only ever used on the embedded SQLite database. */
export const DEMO_ADMIN_PASSWORD = 'Admin@123456';
export const DEMO_LEARNER_NAME = 'learner';
export const DEMO_LEARNER_PASSWORD = 'Learner@123456';
