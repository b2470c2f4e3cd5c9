/**
 * 我的课件学习, the `courseFiles` tab of /web/uc (SPEC §2 "My course files learned: file name linking
 * to CourseViewWithFile, course name, last study time, progress percent circle, filter by course";
 * §7 /api/course/file/learn/paging): my own rows only, newest study first, 10 a page; the course
 * filter lists my courses (/api/course/course/user-paging, size 100, SPEC §9 select widgets).
 *
 * Test ids: `mylearn-row-{id}`, `mylearn-file-{id}`, `mylearn-course`.
 */
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Progress, Select, Space, type TableColumnsType } from 'antd';
import { courseApi } from '@kaopei/contracts/course';
import { courseStudyApi, type LearnRow } from '@kaopei/contracts/course-study';
import { call } from '../../../../api/request';
import { PagedTable } from '../../../../components/PagedTable';
import { usePagedList } from '../../../../components/paging';

const COLUMNS: TableColumnsType<LearnRow> = [
  {
    title: '课件名称',
    dataIndex: 'fileName',
    ellipsis: true,
    render: (v: string, r) => (
      <Link to={`/web/course/view/${r.courseId}/${r.fileId}`} data-testid={`mylearn-file-${r.id}`}>
        {v}
      </Link>
    ),
  },
  { title: '课程名称', dataIndex: 'courseName', ellipsis: true },
  { title: '最后学习时间', dataIndex: 'updateTime', width: 170 },
  { title: '学习进度', dataIndex: 'process', width: 100, render: (v: number) => <Progress type="circle" size={40} percent={v} format={(p) => `${p ?? 0}%`} /> },
];

export default function MyCourseFiles() {
  const list = usePagedList<{ courseId?: string }, LearnRow>('my-course-files', (current, size, params) => call(courseStudyApi.paging, { current, size, params }), {});
  const courses = useQuery({ queryKey: ['my-course-select'], queryFn: () => call(courseApi.userPaging, { current: 1, size: 100 }) });
  const options = useMemo(() => (courses.data?.records ?? []).map((c) => ({ value: c.id, label: c.title })), [courses.data]);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder="按课程筛选"
        style={{ width: 260 }}
        options={options}
        value={list.paging.params.courseId}
        onChange={(courseId?: string) => list.paging.search(courseId ? { courseId } : {})}
        data-testid="mylearn-course"
      />
      <PagedTable<LearnRow> list={list} columns={COLUMNS} scroll={{ x: 720 }} onRow={(r) => ({ 'data-testid': `mylearn-row-${r.id}` }) as object} />
    </Space>
  );
}
