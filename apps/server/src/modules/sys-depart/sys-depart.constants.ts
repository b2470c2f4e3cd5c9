/** The department every self-registered learner joins until the switch configuration says otherwise (SPEC §3 userDeptCode). */
export const DEFAULT_DEPT_CODE = 'A01';
export const DEFAULT_DEPT_NAME = '默认部门';
