/**
 * Module courseFile: the course file library (课件库, admin ListFile; issue 11, SPEC §3 "Course file",
 * §4 "Course files", §5 "Course files", §7 /api/course/file/*): links, documents (PDF) and videos
 * that courses are made of, their media processing job (course-file.process.ts) and the HLS files
 * of ready videos. Declares the 课程管理 menu root (path /admin/course, name CourseMgr) that the
 * course module hangs ListCourse under, and its 课件管理 page (ListFile, /admin/course/file).
 */
import { MenuType } from '@kaopei/contracts';
import { courseFileApi, CourseFilePerm } from '@kaopei/contracts/course-file';
import { requirePerm } from '../../platform/auth';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { MEDIA_JOB } from './course-file.process';
import { CourseFileService } from './course-file.service';

declare module '../../platform/services' {
  interface Services {
    courseFile: CourseFileService;
  }
}

/** A path parameter of the HLS route. */
const param = (params: unknown, key: string) => String((params as Record<string, unknown> | undefined)?.[key] ?? '');

export default defineModule({
  name: 'courseFile',
  summary: '课件库',
  deps: ['sysRole', 'sysFile', 'sysDic'],
  tables: ['el_course_file'],
  service: (ctx) => new CourseFileService(ctx),
  routes: (r, files) => {
    r.json(courseFileApi.paging, ({ body, user }) => files.paging(body, user));
    r.json(courseFileApi.detail, ({ body, user }) => files.detail(body.id, user));
    r.json(courseFileApi.save, ({ body, user }) => {
      requirePerm(user, body.id ? CourseFilePerm.UPDATE : CourseFilePerm.ADD);
      return files.save(body, user);
    });
    r.json(courseFileApi.delete, async ({ body, user }) => {
      await files.delete(body.ids, user);
      return null;
    });
    r.json(courseFileApi.progress, ({ body, user }) => files.progress(body.ids, user));
    r.download(courseFileApi.hls, ({ req }) => files.openHls(param(req.params, 'videoId'), param(req.params, 'name')));
  },
  start: (files) => files.seedCategories(),
  jobs: { [MEDIA_JOB]: (files) => (payload, job) => files.runJob(payload, job) },
  menus: [
    {
      type: MenuType.MENU, title: '课程管理', path: '/admin/course', name: 'CourseMgr', component: 'Layout', redirect: '/admin/course/file', alwaysShow: true, icon: 'ReadOutlined', sort: 3,
      children: [
        {
          type: MenuType.MENU, title: '课件管理', path: '/admin/course/file', name: 'ListFile', component: 'ListFile', icon: 'FolderOpenOutlined', sort: 1,
          children: [fn('课件列表', CourseFilePerm.LIST, 0), fn('添加课件', CourseFilePerm.ADD, 1), fn('修改课件', CourseFilePerm.UPDATE, 2), fn('删除课件', CourseFilePerm.DELETE, 3)],
        },
      ],
    },
  ],
});
