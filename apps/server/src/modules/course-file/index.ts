/**
 * Module courseFile: the course file library (课件库, admin ListFile; issue 11, SPEC §3 "Course file",
 * §4 "Course files", §5 "Course files", §7 /api/course/file/*): links, documents (PDF) and videos
 * that courses are made of.
 */
import { defineModule } from '../../platform/module';
import { CourseFileService } from './course-file.service';

declare module '../../platform/services' {
  interface Services {
    courseFile: CourseFileService;
  }
}

export default defineModule({
  name: 'courseFile',
  summary: '课件库',
  tables: ['el_course_file'],
  service: (ctx) => new CourseFileService(ctx),
});
