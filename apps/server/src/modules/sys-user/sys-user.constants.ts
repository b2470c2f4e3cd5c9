/** The built-in accounts of the first start. */
export const ADMIN_USER_NAME = 'admin';
/** Well-known demo passwords: only ever used when KAOPEI_ADMIN_PASSWORD is unset (embedded SQLite). */
export const DEMO_ADMIN_PASSWORD = 'Admin@123456';
export const DEMO_LEARNER_NAME = 'learner';
export const DEMO_LEARNER_PASSWORD = 'Learner@123456';
