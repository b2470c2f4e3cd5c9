/**
 * First-start seed: base data (default department, roles admin/student, menus, the `admin` user)
 * and, when `config.demo`, demo content (a learner, a bank of 24 questions, one exam open to all).
 * Runs once: it does nothing when roles already exist. Returns the accounts to print at start.
 */
import type { Config } from '../../config';
import type { Db } from '..';
import { newId } from '../../lib/ids';
import { hashPassword } from '../../lib/password';
import { now } from '../../lib/time';
import type { Services } from '../../services';
import {
  ADMIN_USER_NAME, DEFAULT_DEPT_CODE, DEFAULT_DEPT_NAME, DEMO_ADMIN_PASSWORD, DEMO_LEARNER_NAME, DEMO_LEARNER_PASSWORD, ROLE_ADMIN_ID, ROLE_STUDENT_ID,
} from './constants';
import { ADMIN_MENUS, WEB_MENUS } from './menus';
import { DEMO_BANK_TITLE, DEMO_EXAM_RULES, DEMO_EXAM_TITLE, DEMO_QUESTIONS } from './demo-bank';

export interface SeededAccount {
  userName: string;
  password: string;
  role: string;
}

export async function seed(db: Db, config: Config, services: Services): Promise<SeededAccount[]> {
  const existing = await db.selectFrom('sys_role').select('id').limit(1).execute();
  if (existing.length) return [];
  const at = now();
  const adminPassword = config.adminPassword ?? DEMO_ADMIN_PASSWORD;
  const accounts: SeededAccount[] = [{ userName: ADMIN_USER_NAME, password: config.adminPassword ? '(KAOPEI_ADMIN_PASSWORD)' : adminPassword, role: '管理员' }];
  const adminHash = await hashPassword(adminPassword);
  const learnerHash = config.demo ? await hashPassword(DEMO_LEARNER_PASSWORD) : '';
  const adminId = newId();

  await db.transaction().execute(async (trx) => {
    await trx.insertInto('sys_depart').values({ id: newId(), parentId: '', deptCode: DEFAULT_DEPT_CODE, deptName: DEFAULT_DEPT_NAME, sort: 0, createTime: at, updateTime: at }).execute();
    await trx.insertInto('sys_role').values([
      { id: ROLE_ADMIN_ID, roleName: 'sa', roleType: 2, roleLevel: 9, createTime: at, updateTime: at },
      { id: ROLE_STUDENT_ID, roleName: 'student', roleType: 1, roleLevel: 1, createTime: at, updateTime: at },
    ]).execute();
    await services.menus.insertTree(trx, ADMIN_MENUS, [ROLE_ADMIN_ID], at);
    await services.menus.insertTree(trx, WEB_MENUS, [ROLE_ADMIN_ID, ROLE_STUDENT_ID], at);
    const user = { avatar: '', mobile: '', email: '', deptCode: DEFAULT_DEPT_CODE, state: 0, realPerson: 1, createTime: at, updateTime: at };
    await trx.insertInto('sys_user').values({ ...user, id: adminId, userName: ADMIN_USER_NAME, realName: '管理员', password: adminHash }).execute();
    await trx.insertInto('sys_user_role').values({ id: newId(), userId: adminId, roleId: ROLE_ADMIN_ID }).execute();
    if (config.demo) {
      const learnerId = newId();
      await trx.insertInto('sys_user').values({ ...user, id: learnerId, userName: DEMO_LEARNER_NAME, realName: '演示学员', password: learnerHash }).execute();
      await trx.insertInto('sys_user_role').values({ id: newId(), userId: learnerId, roleId: ROLE_STUDENT_ID }).execute();
    }
  });
  if (config.demo) {
    accounts.push({ userName: DEMO_LEARNER_NAME, password: DEMO_LEARNER_PASSWORD, role: '学员' });
    const { id: repoId } = await services.repos.save({ title: DEMO_BANK_TITLE, remark: '考培演示题库：安全生产基础知识' }, adminId);
    for (const q of DEMO_QUESTIONS) {
      await services.qus.save(
        { repoId, quType: q.quType, level: 1, content: q.content, analysis: q.analysis, image: '', answerList: q.options.map(([content, isRight]) => ({ content, isRight, analysis: '', image: '' })) },
        adminId,
      );
    }
    await services.exams.save(
      {
        title: DEMO_EXAM_TITLE, content: '演示考试：共21题，满分100分，60分及格，限时30分钟，不限次数。', openType: 1, startTime: null, endTime: null,
        totalTime: 30, qualifyScore: 60, chance: 0, ruleList: DEMO_EXAM_RULES.map((r) => ({ repoId, ...r })),
      },
      adminId,
    );
  }
  return accounts;
}
