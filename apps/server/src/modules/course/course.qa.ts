/**
 * Course Q&A (SPEC §3 "Course Q&A", §7 /api/course/qa/*; issue 11): a learner asks on a course they
 * can see (open to them or owned; else 10010003); an administrator holding course:qa:reply replies
 * (save with parentId) and lists every question. A learner's lists and details cover only courses
 * they can see. Content is sanitised like other rich text.
 */
import type { Page } from '@kaopei/contracts';
import type { CourseQaRecord, CourseQaReply, courseQaPagingReq, CourseQaSaveReq } from '@kaopei/contracts/course-qa';
import { CoursePerm } from '@kaopei/contracts/course';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { requirePerm } from '../../platform/auth';
import { sanitizeRichText } from '../../lib/sanitize';
import { formatTimeStrict, now } from '../../lib/time';
import * as qaRepo from './course-qa.repository';
import type { CourseDeps, CourseService } from './course.service';

type Row = Awaited<ReturnType<typeof qaRepo.findQa>> & object;

const QA_GONE = '问答不存在或已被删除！';
const canReply = (user: AuthUser) => user.permissions.includes(CoursePerm.QA_REPLY);

function replyOf(r: Row): CourseQaReply {
  return { id: r.id, content: r.content, createBy_dictText: r.realName ?? '', createTime: formatTimeStrict(r.createTime), avatar: r.avatar ?? '' };
}

export class CourseQa {
  constructor(
    private readonly ctx: ModuleContext<CourseDeps>,
    private readonly courses: CourseService,
  ) {}

  /** POST /api/course/qa/paging: questions with their replies, newest first. */
  async paging(user: AuthUser, req: z.output<typeof courseQaPagingReq>): Promise<Page<CourseQaRecord>> {
    const p = req.params ?? { isMine: false };
    const learner = canReply(user) ? null : { userId: user.userId, deptCode: user.deptCode };
    const page = await qaRepo.pageQuestions(this.ctx.db, req, { ...(p.courseId ? { courseId: p.courseId } : {}), ...(p.isMine ? { mineOf: user.userId } : {}) }, learner);
    const records = await this.withReplies(page.records, user.userId);
    return { total: page.total, pages: page.pages, current: page.current, size: page.size, records };
  }

  /** POST /api/course/qa/detail: one question with its replies; 10010003 unless its course is visible to the caller. */
  async detail(user: AuthUser, id: string): Promise<CourseQaRecord> {
    const row = await qaRepo.findQa(this.ctx.db, id);
    if (!row || row.parentId !== '') throw notFound(QA_GONE);
    if (!canReply(user)) await this.courses.requireVisible(user, row.courseId);
    const [rec] = await this.withReplies([row], user.userId);
    return rec as CourseQaRecord;
  }

  /** POST /api/course/qa/save: a question (course visible to the caller) or, with parentId, a reply (course:qa:reply). */
  async save(user: AuthUser, req: CourseQaSaveReq): Promise<{ id: string }> {
    if (req.parentId) {
      requirePerm(user, CoursePerm.QA_REPLY);
      const q = await qaRepo.findQa(this.ctx.db, req.parentId);
      if (!q || q.parentId !== '' || q.courseId !== req.courseId) throw notFound(QA_GONE);
    } else {
      await this.courses.requireVisible(user, req.courseId);
    }
    const id = newId();
    await qaRepo.insertQa(this.ctx.db, { id, courseId: req.courseId, parentId: req.parentId ?? '', content: sanitizeRichText(req.content), createBy: user.userId, deptCode: user.deptCode, createTime: now() });
    return { id };
  }

  private async withReplies(rows: Row[], userId: string): Promise<CourseQaRecord[]> {
    const [replies, titles] = await Promise.all([qaRepo.repliesOf(this.ctx.db, rows.map((r) => r.id)), this.courses.titleMap(rows.map((r) => r.courseId))]);
    return rows.map((r) => ({
      ...replyOf(r),
      courseId: r.courseId,
      courseId_dictText: titles.get(r.courseId) ?? '',
      mine: r.createBy === userId,
      replyList: replies.filter((x) => x.parentId === r.id).map(replyOf),
    }));
  }
}
