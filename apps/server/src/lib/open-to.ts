/**
 * Who an object with an open type is open to (SPEC §4 open types; exams and courses): open type 2
 * lets in the learners of the object's departments AND of the departments under them (a 'dept'
 * ref is a prefix of the learner's hierarchical deptCode), 3 the people named by 'user' refs, the
 * public types everybody. The refs live in a table of the owning module shaped
 * `(id, <fk>, refType 'dept' | 'user', refId)`.
 *
 * - `openToLearner(...)`: the condition as SQL for a list query of the owning module's repository;
 * - `isOpenByRefs(...)`: the same rule for one object whose refs are already loaded;
 * - `checkOpenToRefs(...)`: the refs a save names exist (courses, classes).
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { badParams } from './errors';

/** The owner table (e.g. 'el_course'), its ref table (e.g. 'el_course_ref') and the ref table's foreign key column (camel case, e.g. 'courseId'). */
export interface OpenToTables {
  table: string;
  refTable: string;
  fk: string;
}

/** A learner as the open-type rules see them. */
export interface OpenToLearner {
  userId: string;
  deptCode: string;
}

/**
 * SQL condition "the row of `t.table` is open to `learner`": its openType is one of `publicTypes`,
 * or 2 with a 'dept' ref that is a prefix of the learner's deptCode (an empty ref never matches),
 * or 3 with a 'user' ref naming the learner.
 */
export function openToLearner(t: OpenToTables, learner: OpenToLearner, publicTypes: readonly number[]): Expression<SqlBool> {
  const openType = sql.ref(`${t.table}.openType`);
  const id = sql.ref(`${t.table}.id`);
  const fk = sql.ref(`r.${t.fk}`);
  const refId = sql.ref('r.refId');
  const refType = sql.ref('r.refType');
  const refs = sql`${sql.table(t.refTable)} as r`;
  return sql<SqlBool>`(${openType} in (${sql.join(publicTypes.map((v) => sql.lit(v)))})
    or (${openType} = 2 and exists (select 1 from ${refs} where ${fk} = ${id} and ${refType} = 'dept' and ${refId} <> ''
      and substr(cast(${learner.deptCode} as varchar(64)), 1, length(${refId})) = ${refId}))
    or (${openType} = 3 and exists (select 1 from ${refs} where ${fk} = ${id} and ${refType} = 'user' and ${refId} = ${learner.userId})))`;
}

/**
 * The rule of `openToLearner` for one object: `refs.dept()` / `refs.user()` load its refs of each
 * type, `learner.deptCode()` the learner's department (each only when the open type needs it).
 */
export async function isOpenByRefs(
  openType: number,
  refs: { dept: () => Promise<readonly string[]>; user: () => Promise<readonly string[]> },
  learner: { userId: string; deptCode: () => Promise<string> },
): Promise<boolean> {
  if (openType === 2) {
    const deptCode = await learner.deptCode();
    return (await refs.dept()).some((code) => code !== '' && deptCode.startsWith(code));
  }
  if (openType === 3) return (await refs.user()).includes(learner.userId);
  return true;
}

/**
 * Checks the refs a save names for its open type: type 2 every department code exists
 * (`deptNames` answers code → name of the existing ones), type 3 every person exists (`knownUsers`
 * answers the ids that exist). Answers the people to store (deduplicated; [] unless type 3).
 * 10010001 '部门不存在：<code>' / '用户不存在：<id>' for the first one missing.
 */
export async function checkOpenToRefs(
  req: { openType: number; deptCodes: readonly string[]; userIds: readonly string[] },
  lookups: { deptNames: (codes: readonly string[]) => Promise<Map<string, string>>; knownUsers: (ids: string[]) => Promise<readonly { id: string }[]> },
): Promise<string[]> {
  if (req.openType === 2) {
    const names = await lookups.deptNames(req.deptCodes);
    const gone = req.deptCodes.find((code) => !names.has(code));
    if (gone) throw badParams(`部门不存在：${gone}`);
  }
  const userIds = req.openType === 3 ? [...new Set(req.userIds)] : [];
  if (userIds.length) {
    const known = new Set((await lookups.knownUsers(userIds)).map((u) => u.id));
    const gone = userIds.find((u) => !known.has(u));
    if (gone) throw badParams(`用户不存在：${gone}`);
  }
  return userIds;
}
