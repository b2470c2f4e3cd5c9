/**
 * How courses are shown (admin list, learner lists and details): pure functions of the stored rows,
 * split out of course.service.ts. salePrice is stored in fen and shown in yuan.
 */
import { COMMON_STATE_LABEL, OPEN_TYPE_LABEL } from '@kaopei/contracts';
import { COURSE_FILE_TYPE_LABEL, type CourseFileInfo } from '@kaopei/contracts/course-file';
import { courseNeedSec, coursePriceText, type CourseFileRow } from '@kaopei/contracts/course';
import type { ElCourseFileRefTable, ElCourseTable, ElCourseUserTable } from './course.tables';

export type Course = ElCourseTable;

/** Yuan of a price in fen. */
export const yuan = (fen: number) => Number(fen) / 100;
/** Fen of a price in yuan. */
export const fen = (yuanValue: number) => Math.round(yuanValue * 100);

/** A course's file rows joined with the library's files (a file deleted from the library is left out). */
export function fileRows(refs: ElCourseFileRefTable[], files: Map<string, CourseFileInfo>): (CourseFileRow & { needMinutes: number | null })[] {
  return refs.flatMap((r) => {
    const f = files.get(r.fileId);
    if (!f) return [];
    return [
      {
        fileId: r.fileId,
        title: f.title,
        fileType: f.fileType,
        fileType_dictText: COURSE_FILE_TYPE_LABEL[f.fileType] ?? '',
        duration: f.duration,
        pageCount: f.pageCount,
        chapter: r.chapter,
        sort: r.sort,
        needSec: courseNeedSec(f, r.needMinutes),
        needMinutes: r.needMinutes,
      },
    ];
  });
}

/** Fields every course view has; `rows` its file rows. */
export function baseOf(c: Course, rows: { needSec: number }[]) {
  const salePrice = yuan(c.salePrice);
  return {
    id: c.id,
    title: c.title,
    cover: c.cover,
    catId: c.catId,
    openType: c.openType,
    openType_dictText: OPEN_TYPE_LABEL[c.openType] ?? '',
    costPoints: c.costPoints,
    salePrice,
    priceText: coursePriceText({ costPoints: c.costPoints, salePrice }),
    videoDrag: c.videoDrag === 1,
    checkOn: c.checkOn === 1,
    checkSec: c.checkSec,
    faceOn: c.faceOn === 1,
    faceInterval: c.faceInterval,
    faceChance: c.faceChance,
    finishPoints: c.finishPoints,
    certId: c.certId,
    fileCount: rows.length,
    totalSec: rows.reduce((s, r) => s + r.needSec, 0),
  };
}

export const stateLabel = (state: number) => COMMON_STATE_LABEL[state] ?? '';

/** True when a course has no price at all (needs no purchase). */
export const isFree = (c: Pick<Course, 'costPoints' | 'salePrice'>) => c.costPoints === 0 && Number(c.salePrice) === 0;

/** The caller's standing with a course (contracts learnerFields): `open` whether its open type lets them in. */
export function standingOf(c: Course, open: boolean, own: ElCourseUserTable | undefined) {
  const free = isFree(c);
  const owned = own?.state === 1;
  return { free, owned, applyState: own && own.state !== 1 ? own.state : -1, canStudy: c.state === 0 && (owned || (open && free)) };
}
