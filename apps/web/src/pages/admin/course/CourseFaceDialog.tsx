/**
 * The study face records of one course (admin ListCourse → 人脸; issue 12, /api/course/face/face-paging
 * and /capture-paging, course:face:view): the face checks before study (人脸核验) and the periodic
 * captures (学习抓拍), each with the learner, the server time, the outcome with its score or reason,
 * and the picture (click to enlarge). Filter by outcome; paged.
 */
import { useState } from 'react';
import { Image, Modal, Radio, Space, Tabs, Tag, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { courseFaceApi, type CourseFaceRow } from '@kaopei/contracts/course-face';
import type { CourseRecord } from '@kaopei/contracts/course';
import { call } from '../../../api/request';
import { QueryTable } from '../../../components/QueryTable';

interface Props {
  course: CourseRecord | null;
  onClose: () => void;
}

const columns: TableColumnsType<CourseFaceRow> = [
  { title: '照片', dataIndex: 'imageUrl', width: 90, render: (u: string) => (u ? <Image src={u} width={60} alt="抓拍" /> : '-') },
  { title: '学员', key: 'user', ellipsis: true, render: (_, r) => `${r.realName}（${r.userName}）` },
  { title: '时间', dataIndex: 'createTime', width: 170 },
  { title: '结果', dataIndex: 'pass', width: 80, render: (p: boolean) => <Tag color={p ? 'green' : 'red'}>{p ? '通过' : '未通过'}</Tag> },
  { title: '相似度', dataIndex: 'score', width: 80, render: (s: number) => s.toFixed(2) },
  { title: '说明', dataIndex: 'failMsg', ellipsis: true },
];

function FaceTable({ courseId, kind }: { courseId: string; kind: 'check' | 'capture' }) {
  const [pass, setPass] = useState<boolean | undefined>(undefined);
  const [current, setCurrent] = useState(1);
  const endpoint = kind === 'check' ? courseFaceApi.facePaging : courseFaceApi.capturePaging;
  const query = useQuery({
    queryKey: ['course-face', kind, courseId, pass, current],
    queryFn: () => call(endpoint, { current, size: 10, params: { courseId, ...(pass === undefined ? {} : { pass }) } }),
    placeholderData: keepPreviousData,
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Radio.Group
        value={pass === undefined ? 'all' : String(pass)}
        onChange={(e) => {
          setPass(e.target.value === 'all' ? undefined : e.target.value === 'true');
          setCurrent(1);
        }}
        options={[{ value: 'all', label: '全部' }, { value: 'true', label: '通过' }, { value: 'false', label: '未通过' }]}
        optionType="button"
      />
      <QueryTable<CourseFaceRow> columns={columns} page={query.data} current={current} onPage={setCurrent} loading={query.isFetching} data-testid={`course-face-table-${kind}`} />
    </Space>
  );
}

export function CourseFaceDialog({ course, onClose }: Props) {
  return (
    <Modal open={course !== null} title={`学习人脸记录：${course?.title ?? ''}`} width="70%" footer={null} onCancel={onClose} destroyOnHidden>
      {course && (
        <Tabs
          items={[
            { key: 'check', label: '人脸核验', children: <FaceTable courseId={course.id} kind="check" /> },
            { key: 'capture', label: '学习抓拍', children: <FaceTable courseId={course.id} kind="capture" /> },
          ]}
        />
      )}
    </Modal>
  );
}
