/**
 * 我学习的课件, the `learn` tab of /web/uc (SPEC §2 "My course files learned", §3 "Course-file
 * learning row"; /api/course/file/learn/paging, the caller's own rows): file name linking to
 * CourseViewWithFile, course name, last study time, a progress circle, filtered by course.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Progress, Space, type TableColumnsType } from 'antd';
import { courseStudyApi, type LearnRow } from '@kaopei/contracts/course-study';
import { call } from '../../../../api/request';
import { PagedTable } from '../../../../components/PagedTable';
import { usePagedList } from '../../../../components/paging';
import { MyCourseSelect } from './CourseSelect';

export default function MyLearnFiles() {
  const [courseId, setCourseId] = useState<string | undefined>();
  const params = useMemo(() => (courseId ? { courseId } : {}), [courseId]);
  const list = usePagedList<typeof params, LearnRow>('course-learn-paging', (current, size, p) => call(courseStudyApi.paging, { current, size, params: p }), params);
  const { search } = list.paging;

  const columns: TableColumnsType<LearnRow> = [
    {
      title: '课件名称',
      dataIndex: 'fileName',
      render: (v: string, r) => (
        <Link to={`/web/course/view/${encodeURIComponent(r.courseId)}/${encodeURIComponent(r.fileId)}`} data-testid={`learn-file-${r.fileId}`}>
          {v}
        </Link>
      ),
    },
    { title: '所属课程', dataIndex: 'courseName' },
    { title: '最后学习时间', dataIndex: 'updateTime', width: 180, render: (v: string | null) => v ?? '-' },
    { title: '学习进度', dataIndex: 'process', width: 110, render: (v: number) => <Progress type="circle" size={40} percent={v} format={(p) => `${p ?? 0}%`} /> },
  ];
  return (
    <div data-testid="my-learn-files">
      <Space style={{ marginBottom: 12 }}>
        <MyCourseSelect
          value={courseId}
          testId="learn-course-filter"
          onChange={(v) => {
            setCourseId(v);
            search(v ? { courseId: v } : {});
          }}
        />
      </Space>
      <PagedTable list={list} columns={columns} locale={{ emptyText: '暂无相关数据！' }} />
    </div>
  );
}
