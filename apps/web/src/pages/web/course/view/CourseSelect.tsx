/**
 * The learner's course filter (SPEC §2 "course select"; §9 select widgets page 1, size 100): my
 * courses (/api/course/course/user-paging), cleared with the × to mean "all courses".
 */
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { courseApi } from '@kaopei/contracts/course';
import { call } from '../../../../api/request';

export function MyCourseSelect({ value, onChange, testId, placeholder = '全部课程' }: { value?: string; onChange: (v: string | undefined) => void; testId: string; placeholder?: string }) {
  const courses = useQuery({ queryKey: ['course-select-mine'], queryFn: () => call(courseApi.userPaging, { current: 1, size: 100, params: {} }) });
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder}
      style={{ width: 240 }}
      value={value}
      onChange={(v?: string) => onChange(v || undefined)}
      loading={courses.isLoading}
      options={(courses.data?.records ?? []).map((c) => ({ value: c.id, label: c.title }))}
      data-testid={testId}
    />
  );
}
