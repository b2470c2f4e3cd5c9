import { describe, expect, it } from 'vitest';
import { ClassRequirements } from './train-class.requirements';
import type { TrainClass } from './train-class.view';

const cls = (flags: Partial<Pick<TrainClass, 'finishCourses' | 'finishSessions' | 'finishExam' | 'finishEval'>>) =>
  ({ id: 'c1', finishCourses: 0, finishSessions: 0, finishExam: 0, finishEval: 0, ...flags }) as TrainClass;

describe('class completion requirements', () => {
  it('lists only the asked requirements, in the fixed order, with the registered measures', async () => {
    const r = new ClassRequirements();
    r.register('sessions', async () => ({ done: 1, total: 2 }));
    r.register('courses', async () => ({ done: 3, total: 3 }));
    const list = await r.of(cls({ finishCourses: 1, finishSessions: 1 }), 'u1');
    expect(list).toEqual([
      { key: 'courses', title: '完成必修课程', done: 3, total: 3, met: true },
      { key: 'sessions', title: '参加面授培训', done: 1, total: 2, met: false },
    ]);
    expect(ClassRequirements.complete(list)).toBe(false);
  });

  it('never meets an asked requirement no module measures, and needs at least one asked', async () => {
    const r = new ClassRequirements();
    r.register('courses', async () => ({ done: 1, total: 1 }));
    const list = await r.of(cls({ finishCourses: 1, finishExam: 1 }), 'u1');
    expect(list.map((x) => [x.key, x.met])).toEqual([['courses', true], ['exam', false]]);
    expect(ClassRequirements.complete(list)).toBe(false);
    expect(ClassRequirements.complete(await r.of(cls({}), 'u1'))).toBe(false);
  });

  it('meets an empty requirement except courses, and refuses a second registration', async () => {
    const r = new ClassRequirements();
    r.register('courses', async () => ({ done: 0, total: 0 }));
    r.register('eval', async () => ({ done: 0, total: 0 }));
    expect((await r.of(cls({ finishCourses: 1, finishEval: 1 }), 'u1')).map((x) => x.met)).toEqual([false, true]);
    expect(() => r.register('eval', async () => ({ done: 0, total: 0 }))).toThrow(/twice/);
  });
});
