/** Columns of the learner's lesson lists (class page tab 面授培训 and /web/faceTeach): schedule, venue, teacher, 必修 and 签到状态. */
import { Tag, type TableColumnsType } from 'antd';
import type { MyLessonRecord } from '@kaopei/contracts/class-session';

/** The learner's sign-in state as a tag: 已签到 (扫码签到 / 补签) or 未签到. */
export function SignTag({ r }: { r: MyLessonRecord }) {
  return r.signed ? (
    <Tag color="green" data-testid={`my-lesson-state-${r.id}`}>
      已签到（{r.source_dictText}）
    </Tag>
  ) : (
    <Tag data-testid={`my-lesson-state-${r.id}`}>未签到</Tag>
  );
}

export function lessonColumns(withClass: boolean): TableColumnsType<MyLessonRecord> {
  return [
    ...(withClass ? [{ title: '培训班', dataIndex: 'classTitle', width: 160, ellipsis: true }] : []),
    { title: '课次', dataIndex: 'title', ellipsis: true },
    { title: '上课时间', key: 'time', width: 190, render: (_, r) => `${r.startTime.slice(0, 16)} 至 ${r.endTime.slice(11, 16)}` },
    { title: '地点', dataIndex: 'place', width: 140, ellipsis: true },
    { title: '讲师', dataIndex: 'teacher', width: 90, ellipsis: true },
    { title: '必修', dataIndex: 'required', width: 60, render: (v: boolean) => (v ? '是' : '否') },
    { title: '签到状态', key: 'signed', width: 150, render: (_, r) => <SignTag r={r} /> },
    { title: '签到时间', dataIndex: 'signTime', width: 170, render: (v: string | null) => v ?? '-' },
  ];
}
