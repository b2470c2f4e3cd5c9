/** Course Q&A (SPEC §3 "Course Q&A", §7 /api/course/qa/*). */
import type { ModuleContext } from '../../platform/module';
import type { CourseDeps, CourseService } from './course.service';

export class CourseQa {
  constructor(
    private readonly ctx: ModuleContext<CourseDeps>,
    private readonly courses: CourseService,
  ) {}
}
