/**
 * The demo course of the first start (issue 11; README "demo content"): a free course
 * 安全生产基础知识（演示课程） open to everybody (openType 1), enabled, seeking allowed, no captcha
 * check, with two course files of the library written by the Kaopei team:
 *
 * - chapter 1, a document: a 3-page A4 PDF 安全生产基础知识讲义（演示） drawn here with pdfkit and the
 *   Noto Sans SC font the certificates use, stored through the sysFile service as a real upload
 *   (DATA_DIR/upload/yyyy/MM/<id>.pdf with the local provider) and processed at once (page count);
 * - chapter 2, a link to a public page (the Ministry of Emergency Management's site).
 *
 * Everything goes through the owning modules' services (sysFile.save, courseFile.save,
 * course.save). The seed log (kind `demo`, key `course`) makes it run once per database even when
 * called again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { courseSaveReq } from '@kaopei/contracts/course';
import { courseFileSaveReq, CourseFileType } from '@kaopei/contracts/course-file';
import { now } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { markSeeded, seededKeys } from '../../platform/seed-log';
import { CERT_FONT_FILE } from '../cert/cert.pdf';

export const DEMO_COURSE_TITLE = '安全生产基础知识（演示课程）';
export const DEMO_PDF_TITLE = '安全生产基础知识讲义（演示）';
export const DEMO_LINK_TITLE = '应急管理部官网（外部链接）';
/** The public page of the demo link file. */
export const DEMO_LINK_URL = 'https://www.mem.gov.cn/';
/** Category of the demo files: one of the categories courseFile seeds at the first start. */
const DEMO_FILE_CAT = 'safety';
const SEED_KIND = 'demo';
const SEED_KEY = 'course';

/** The pages of the demo PDF: a heading and its paragraphs (text written by the Kaopei team). */
export const DEMO_PDF_PAGES: readonly { heading: string; paragraphs: readonly string[] }[] = [
  {
    heading: '第一讲　安全生产方针与岗位责任',
    paragraphs: [
      '我国安全生产工作坚持“安全第一、预防为主、综合治理”的方针。安全第一，是指在生产经营活动中把保护人的生命安全放在首位；预防为主，是指把工作重点放在事前防范上，及时发现和消除事故隐患；综合治理，是指运用法律、经济、行政、技术等多种手段共同做好安全工作。',
      '每一位员工都是本岗位的安全责任人：上岗前接受公司级、部门级、班组级三级安全教育；熟悉本岗位的操作规程和危险因素；正确佩戴和使用劳动防护用品；发现事故隐患或者其他不安全因素，立即向现场负责人报告。',
      '员工依法享有知情权、建议权、批评检举权，有权拒绝违章指挥和强令冒险作业；发现直接危及人身安全的紧急情况时，有权停止作业或者在采取可能的应急措施后撤离作业场所。',
    ],
  },
  {
    heading: '第二讲　消防安全常识',
    paragraphs: [
      '燃烧需要可燃物、助燃物和着火源三个条件，灭火就是破坏其中至少一个条件。常用的灭火方法有冷却法、窒息法、隔离法和化学抑制法。',
      '使用干粉灭火器的要领：提起灭火器，拔掉保险销，一手握住喷管对准火焰根部，另一手压下压把，由近及远左右扫射。灭火器压力表指针在绿色区域表示压力正常。',
      '电器设备起火时，应先切断电源，再用干粉或二氧化碳灭火器扑救，切不可直接用水扑救。火灾逃生时用湿毛巾捂住口鼻，弯腰低姿沿疏散通道撤离，不乘坐电梯，不返回取物。疏散通道和安全出口必须保持畅通。',
    ],
  },
  {
    heading: '第三讲　用电安全与应急处置',
    paragraphs: [
      '办公场所不私拉乱接电线，不在一个插座上串接多个插线板并接入大功率电器；下班时关闭电器电源，做到人走断电。',
      '发现有人触电，首先切断电源或用干燥的木棒等绝缘物挑开电线，使触电者脱离电源，切不可直接用手拉触电者；脱离电源后立即拨打120，必要时进行心肺复苏。',
      '记住常用应急电话：火警119，急救120，报警110。发生事故后保护好现场，如实报告事故情况，配合做好救援和调查工作。',
    ],
  },
];

/** Writes the demo PDF (DEMO_PDF_PAGES, A4 portrait, CJK font embedded as a subset) to `file`. */
export async function writeDemoPdf(file: string): Promise<void> {
  const doc = new PDFDocument({ size: 'A4', margin: 64, autoFirstPage: false, info: { Title: DEMO_PDF_TITLE, Author: '考培', Producer: 'Kaopei' } });
  const out = fs.createWriteStream(file);
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
    doc.on('error', reject);
  });
  doc.pipe(out);
  doc.registerFont('cjk', CERT_FONT_FILE);
  DEMO_PDF_PAGES.forEach((page, i) => {
    doc.addPage();
    doc.font('cjk').fillColor('#999999').fontSize(10).text(`${DEMO_PDF_TITLE}  第 ${i + 1} 页 / 共 ${DEMO_PDF_PAGES.length} 页`, { align: 'right' });
    doc.moveDown(2).fillColor('#1f3a5f').fontSize(20).text(page.heading);
    doc.moveDown(1).fillColor('#222222').fontSize(13);
    for (const p of page.paragraphs) doc.text(p, { lineGap: 6, indent: 26 }).moveDown(0.8);
  });
  doc.end();
  await done;
}

type DemoDeps = 'sysUser' | 'sysFile' | 'courseFile' | 'course';

/**
 * Seeds the demo course for the user `adminId` (the first start's `admin`): the PDF (uploaded and
 * processed at once), the link file, and the course with both as chapters. Does nothing when the
 * seed log says it ran already. Answers the course id, or null when nothing was seeded.
 */
export async function seedDemoCourse(ctx: ModuleContext<DemoDeps>, adminId: string): Promise<string | null> {
  if ((await seededKeys(ctx.db, SEED_KIND)).has(SEED_KEY)) return null;
  const { sysUser, sysFile, courseFile, course } = ctx.services;
  const account = await sysUser.accountOf(adminId);
  if (!account) return null;
  // The seed acts as `admin` (owner and department of what it makes); saves of new objects check no grant.
  const admin: AuthUser = {
    userId: account.id, userName: account.userName, realName: account.realName, deptCode: account.deptCode,
    roleType: 2, roleIds: [], roles: [], permissions: [], tokenHash: '', token: '',
  };

  const tmpDir = path.join(ctx.config.dataDir, 'tmp');
  await fs.promises.mkdir(tmpDir, { recursive: true });
  const pdfPath = path.join(tmpDir, `demo-${randomBytes(8).toString('hex')}.pdf`);
  let pdfUrl: string;
  try {
    await writeDemoPdf(pdfPath);
    const { size } = await fs.promises.stat(pdfPath);
    pdfUrl = (await sysFile.save({ path: pdfPath, name: `${DEMO_PDF_TITLE}.pdf`, size }, adminId)).url;
  } finally {
    await fs.promises.rm(pdfPath, { force: true });
  }

  const pdf = await courseFile.save(courseFileSaveReq.parse({ title: DEMO_PDF_TITLE, fileType: CourseFileType.DOC, fileUrl: pdfUrl, catId: DEMO_FILE_CAT }), admin, { processNow: true });
  const link = await courseFile.save(courseFileSaveReq.parse({ title: DEMO_LINK_TITLE, fileType: CourseFileType.LINK, viewUrl: DEMO_LINK_URL, catId: DEMO_FILE_CAT }), admin);
  const { id } = await course.save(
    admin,
    courseSaveReq.parse({
      title: DEMO_COURSE_TITLE,
      content:
        '<p>考培演示课程：安全生产方针与岗位责任、消防安全常识、用电安全与应急处置。</p><p>第一章为PDF讲义（共3页），第二章为外部链接。学习时间由服务器按实际阅读时间计算，全部课件完成即完成本课程。</p>',
      openType: 1,
      videoDrag: true,
      checkOn: false,
      costPoints: 0,
      salePrice: 0,
      state: 0,
      fileList: [
        { fileId: pdf.id, chapter: '第一章 安全生产基础知识讲义', sort: 1 },
        { fileId: link.id, chapter: '第二章 延伸阅读：应急管理部官网', sort: 2 },
      ],
    }),
  );
  await markSeeded(ctx.db, SEED_KIND, [SEED_KEY], now());
  return id;
}
