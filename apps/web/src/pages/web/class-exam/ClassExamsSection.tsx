/**
 * 培训考试 tab of the learner's class page (/web/webclassapply/info; issue 13 "Classes: exams"): the
 * class's exams (/api/trainClass/exam/my-list) with 必考 / 选考, the window, full and pass marks, my
 * best score and whether I passed, and 去考试 to the exam check page (/web/exam/check/{id}); when an
 * exam cannot be started now the button is disabled and says why.
 */
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { classExamApi, type ClassMyExam } from '@kaopei/contracts/class-exam';
import { call } from '../../../api/request';
import type { ClassSectionProps } from '../train-class/sections';

export default function ClassExamsSection({ detail }: ClassSectionProps) {
  const navigate = useNavigate();
  const list = useQuery({ queryKey: ['class-my-exams', detail.id], queryFn: () => call(classExamApi.myList, { classId: detail.id }), refetchOnMount: 'always' });

  const columns: TableColumnsType<ClassMyExam> = [
    { title: '考试', dataIndex: 'title', ellipsis: true },
    { title: '类型', dataIndex: 'required', width: 80, render: (r: boolean) => (r ? <Tag color="red">必考</Tag> : <Tag>选考</Tag>) },
    { title: '考试时间', key: 'window', width: 200, render: (_, r) => (r.startTime || r.endTime ? `${r.startTime ?? '不限'} 至 ${r.endTime ?? '不限'}` : '不限') },
    { title: '满分/及格', key: 'score', width: 100, render: (_, r) => `${r.totalScore} / ${r.qualifyScore}` },
    { title: '最高分', dataIndex: 'bestScore', width: 80, render: (v: number | null) => v ?? '-' },
    {
      title: '结果',
      dataIndex: 'passed',
      width: 90,
      render: (p: boolean, r) => <span data-testid={`class-exam-passed-${r.examId}`}>{p ? <Tag color="green">已通过</Tag> : r.bestScore === null ? <Tag>未考试</Tag> : <Tag color="orange">未通过</Tag>}</span>,
    },
    {
      title: '操作',
      key: 'op',
      width: 130,
      render: (_, r) =>
        r.canStart ? (
          <Button type="link" onClick={() => void navigate(r.checkPath)} data-testid={`class-exam-go-${r.examId}`}>
            去考试
          </Button>
        ) : (
          <Tooltip title={r.startTip}>
            <Button type="link" disabled data-testid={`class-exam-go-${r.examId}`}>
              暂不可考
            </Button>
          </Tooltip>
        ),
    },
  ];

  return (
    <Table<ClassMyExam>
      rowKey="examId"
      size="small"
      loading={list.isFetching}
      columns={columns}
      dataSource={list.data ?? []}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (n) => `共 ${n} 条` }}
      locale={{ emptyText: list.isError ? '加载失败，请刷新重试' : '本班暂无考试' }}
      scroll={{ x: 760 }}
      data-testid="class-exams"
    />
  );
}
