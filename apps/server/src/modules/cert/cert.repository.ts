/**
 * SQL of certificates (cert_template, cert_grant, cert_no_seq). Every function takes `db | trx`;
 * only this module's tables. Sortable columns are allowlists for `applyOrders`.
 */
import type { SortOrder } from '@kaopei/contracts';
import type { CERT_SORT, CertStatus, GRANT_SORT } from '@kaopei/contracts/cert';
import type { Executor } from '../../db';
import { deptScope } from '../../lib/dept-scope';
import { applyOrders, likeContains, paginate } from '../../lib/paging';
import type { CertGrantTable, CertTemplateTable } from './cert.tables';

type TemplateSort = (typeof CERT_SORT)[number];
const TEMPLATE_SORTABLE: Record<TemplateSort, string> = { title: 'title', createTime: 'createTime', updateTime: 'updateTime' };
type GrantSort = (typeof GRANT_SORT)[number];
const GRANT_SORTABLE: Record<GrantSort, string> = { createTime: 'createTime', expireTime: 'expireTime', certNo: 'certNo' };

// ------------------------------------------------------------------ templates

export function pageTemplates(db: Executor, page: { current: number; size: number; orders?: SortOrder<TemplateSort>[] }, f: { title?: string }) {
  let q = db.selectFrom('cert_template').selectAll().where('deleted', '=', 0);
  if (f.title) q = q.where(likeContains('title', f.title));
  return paginate(applyOrders(q, page.orders, TEMPLATE_SORTABLE, [{ column: 'updateTime', asc: false }], 'id'), page);
}

/** Live templates among `ids` (pickers' selectList). */
export function liveTemplates(db: Executor, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([] as CertTemplateTable[]);
  return db.selectFrom('cert_template').selectAll().where('deleted', '=', 0).where('id', 'in', ids).execute();
}

/** The template `id` (deleted ones too when `withDeleted`). */
export function findTemplate(db: Executor, id: string, withDeleted = false) {
  let q = db.selectFrom('cert_template').selectAll().where('id', '=', id);
  if (!withDeleted) q = q.where('deleted', '=', 0);
  return q.executeTakeFirst();
}

/** `id → title` of templates, deleted ones included (labels of exams naming them). */
export function templateTitles(db: Executor, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([] as { id: string; title: string }[]);
  return db.selectFrom('cert_template').select(['id', 'title']).where('id', 'in', ids).execute();
}

export function insertTemplate(db: Executor, row: CertTemplateTable) {
  return db.insertInto('cert_template').values(row).execute();
}

export function updateTemplate(db: Executor, id: string, set: Pick<CertTemplateTable, 'title' | 'authority' | 'expireMonths' | 'bgImage' | 'layout' | 'updateTime'>) {
  return db.updateTable('cert_template').set(set).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
}

export function softDeleteTemplates(db: Executor, ids: readonly string[], at: number) {
  return db.updateTable('cert_template').set({ deleted: 1, updateTime: at }).where('id', 'in', ids).execute();
}

/** `certId → number of grants` of the given templates. */
export async function grantCounts(db: Executor, certIds: readonly string[]): Promise<Map<string, number>> {
  if (!certIds.length) return new Map();
  const rows = await db
    .selectFrom('cert_grant')
    .select((eb) => ['certId', eb.fn.countAll<number>().as('n')])
    .where('certId', 'in', certIds)
    .groupBy('certId')
    .execute();
  return new Map(rows.map((r) => [r.certId, Number(r.n)]));
}

// ------------------------------------------------------------------ numbers

/**
 * The next number of `year` (1, 2, 3 …): one upsert that increments the year's row and returns the
 * new value, so two grants (two processes too) never get the same number. On PostgreSQL the row
 * stays locked until the caller's transaction ends, so numbers follow the grants' commit order.
 */
export async function nextNumber(db: Executor, year: number): Promise<number> {
  const row = await db
    .insertInto('cert_no_seq')
    .values({ year, last: 1 })
    .onConflict((oc) => oc.column('year').doUpdateSet((eb) => ({ last: eb('cert_no_seq.last', '+', 1) })))
    .returning('last')
    .executeTakeFirstOrThrow();
  return Number(row.last);
}

// ------------------------------------------------------------------ grants

/** Inserts a grant unless one of the same (certId, userId, refType, refId) exists; true when inserted. */
export async function insertGrantOnce(db: Executor, row: CertGrantTable): Promise<boolean> {
  const res = await db
    .insertInto('cert_grant')
    .values(row)
    .onConflict((oc) => oc.columns(['certId', 'userId', 'refType', 'refId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return res !== undefined;
}

export function findGrantByRef(db: Executor, k: { certId: string; userId: string; refType: string; refId: string }) {
  return db
    .selectFrom('cert_grant')
    .selectAll()
    .where('certId', '=', k.certId)
    .where('userId', '=', k.userId)
    .where('refType', '=', k.refType)
    .where('refId', '=', k.refId)
    .executeTakeFirst();
}

export function findGrant(db: Executor, id: string) {
  return db.selectFrom('cert_grant').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findGrantByNo(db: Executor, certNo: string) {
  return db.selectFrom('cert_grant').selectAll().where('certNo', '=', certNo).executeTakeFirst();
}

export function grantsByIds(db: Executor, ids: readonly string[]) {
  return db.selectFrom('cert_grant').selectAll().where('id', 'in', ids).execute();
}

/** The `userId`s among `userIds` who already hold `certId` by the manual grant (refId = certId). */
export async function manualHolders(db: Executor, certId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .selectFrom('cert_grant')
    .select('userId')
    .where('certId', '=', certId)
    .where('refType', '=', 'manual')
    .where('refId', '=', certId)
    .where('userId', 'in', userIds)
    .execute();
  return new Set(rows.map((r) => r.userId));
}

/** A learner's grants, newest first (title filter). */
export function pageMyGrants(db: Executor, userId: string, page: { current: number; size: number; orders?: SortOrder<'createTime'>[] }, f: { title?: string }) {
  let q = db.selectFrom('cert_grant').selectAll().where('userId', '=', userId);
  if (f.title) q = q.where(likeContains('title', f.title));
  return paginate(applyOrders(q, page.orders, { createTime: 'createTime' }, [{ column: 'createTime', asc: false }], 'id'), page);
}

export function myGrants(db: Executor, userId: string, limit: number) {
  return db.selectFrom('cert_grant').selectAll().where('userId', '=', userId).orderBy('createTime', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/**
 * The admin list: filters (template, holder's account or real name, number, status at `at`) and the
 * caller's data scope (`scope`: department-code prefix, null = all) on the grant's own dept_code.
 */
export function pageGrants(
  db: Executor,
  page: { current: number; size: number; orders?: SortOrder<GrantSort>[] },
  f: { certId?: string; userName?: string; status?: CertStatus; certNo?: string },
  scope: string | null,
  at: number,
) {
  let q = deptScope(db.selectFrom('cert_grant').selectAll(), 'deptCode', scope);
  if (f.certId) q = q.where('certId', '=', f.certId);
  if (f.certNo) q = q.where(likeContains('certNo', f.certNo));
  if (f.userName) q = q.where((eb) => eb.or([likeContains('userName', f.userName as string), likeContains('realName', f.userName as string)]));
  if (f.status === 'revoked') q = q.where('state', '=', 1);
  else if (f.status === 'expired') q = q.where('state', '=', 0).where('expireTime', 'is not', null).where('expireTime', '<=', at);
  else if (f.status === 'valid') q = q.where('state', '=', 0).where((eb) => eb.or([eb('expireTime', 'is', null), eb('expireTime', '>', at)]));
  return paginate(applyOrders(q, page.orders, GRANT_SORTABLE, [{ column: 'createTime', asc: false }], 'id'), page);
}

/** Revokes the valid grants among `ids`; answers how many changed. */
export async function revokeGrants(db: Executor, ids: readonly string[], at: number): Promise<number> {
  if (!ids.length) return 0;
  const res = await db.updateTable('cert_grant').set({ state: 1, revokeTime: at }).where('id', 'in', ids).where('state', '=', 0).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export function setGrantPdf(db: Executor, id: string, pdfFile: string) {
  return db.updateTable('cert_grant').set({ pdfFile }).where('id', '=', id).execute();
}

/** How many grants exist (dashboard grantCount). */
export async function countGrants(db: Executor): Promise<number> {
  const row = await db.selectFrom('cert_grant').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

