/**
 * /admin/exam/exam — exams (SPEC §2 paging tables): title search, paged table with a state tag,
 * enable/disable (/api/exam/exam/state: 0 normal, 1 disabled; '状态修改成功!'), edit → ExamForm,
 * delete and batch delete with confirmation, 通知 (NotifyExamDialog: prepare-notify with the job's
 * progress), 复制 (/api/exam/exam/copy: a disabled deep copy titled …（副本）), 预览 and 打印 (ExamPreview,
 * a sample paper; 打印 opens it with ?print=1). Columns examType, openType, paper method. Buttons per
 * permission code.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Card, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { COMMON_STATE_LABEL } from '@kaopei/contracts';
import { examApi, ExamPerm, type ExamRecord } from '@kaopei/contracts/exam';
import { ExamOfflinePerm } from '@kaopei/contracts/exam-offline';
import { ExamStatPerm } from '@kaopei/contracts/exam-stat';
import { ExamWatchPerm } from '@kaopei/contracts/exam-watch';
import { call } from '../../../api/request';
import { useAuth } from '../../../store/auth';
import { PermButton, RowAction } from '../../../components/Perm';
import { TitleSearch } from '../../../components/SearchBar';
import { BatchDeleteButton, ListToolbar, PagedTable } from '../../../components/PagedTable';
import { SELECT_ONE, useDeleteAction, usePagedList } from '../../../components/paging';
import { formatWindow } from '../../../utils/format';
import { NotifyExamDialog } from './NotifyExamDialog';

export default function ListExam() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { hasPerm } = useAuth();
  const list = usePagedList<{ title: string }, ExamRecord>(
    'exam-paging',
    (current, size, { title }) => call(examApi.paging, { current, size, params: title ? { title } : {} }),
    { title: '' },
  );
  const { refresh, selected } = list;
  const [notifying, setNotifying] = useState<ExamRecord | null>(null);
  const remove = useDeleteAction((ids) => call(examApi.delete, { ids }), refresh);

  const copy = async (r: ExamRecord) => {
    try {
      await call(examApi.copy, { id: r.id });
      message.success('复制成功！副本为禁用状态，请修改后启用');
      refresh();
    } catch {
      // shown by the request helper
    }
  };

  const changeState = async (ids: string[], state: number) => {
    if (ids.length === 0) {
      message.warning(SELECT_ONE);
      return;
    }
    try {
      await call(examApi.state, { ids, state: state as 0 | 1 });
      message.success('状态修改成功!');
      refresh();
    } catch {
      // shown by the request helper
    }
  };

  const columns: TableColumnsType<ExamRecord> = [
    { title: '考试名称', dataIndex: 'title', ellipsis: true },
    { title: '类型', dataIndex: 'examType_dictText', width: 90 },
    { title: '开放类型', dataIndex: 'openType_dictText', width: 90 },
    { title: '组卷方式', key: 'method', width: 90, render: (_, r) => (r.offline ? '线下考试' : r.paperMethod_dictText) },
    { title: '考试时长', dataIndex: 'totalTime', width: 100, render: (t: number) => `${t} 分钟` },
    { title: '总分', dataIndex: 'totalScore', width: 70 },
    { title: '及格分', dataIndex: 'qualifyScore', width: 80 },
    { title: '考试次数', dataIndex: 'chance', width: 90, render: (c: number) => (c === 0 ? '不限' : c) },
    { title: '考试时间', key: 'window', width: 220, render: (_, r) => formatWindow(r.startTime, r.endTime) },
    {
      title: '状态',
      dataIndex: 'state',
      width: 80,
      render: (s: number, r) => <Tag color={s === 0 ? 'green' : 'default'}>{r.state_dictText || COMMON_STATE_LABEL[s]}</Tag>,
    },
    {
      title: '操作',
      key: 'op',
      width: 400,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <RowAction code={ExamPerm.UPDATE} onClick={() => navigate(`/admin/exam/exam/update/${encodeURIComponent(r.id)}`)}>
            编辑
          </RowAction>
          <RowAction code={ExamPerm.ADD} onClick={() => void copy(r)} data-testid={`exam-copy-${r.id}`}>
            复制
          </RowAction>
          {r.offline ? null : (
            <>
              <RowAction code={ExamPerm.PREVIEW} onClick={() => navigate(`/admin/exam/exam/preview/${encodeURIComponent(r.id)}`)} data-testid={`exam-preview-${r.id}`}>
                预览
              </RowAction>
              <RowAction code={ExamPerm.PREVIEW} onClick={() => navigate(`/admin/exam/exam/preview/${encodeURIComponent(r.id)}?print=1`)} data-testid={`exam-print-${r.id}`}>
                打印
              </RowAction>
              <RowAction code={ExamWatchPerm.WATCH} onClick={() => navigate(`/admin/exam/watch/${encodeURIComponent(r.id)}`)} data-testid={`exam-watch-${r.id}`}>
                监考
              </RowAction>
            </>
          )}
          <RowAction code={ExamStatPerm.STAT} onClick={() => navigate(`/admin/exam/stat/${encodeURIComponent(r.id)}`)} data-testid={`exam-stat-${r.id}`}>
            统计
          </RowAction>
          <RowAction code={ExamPerm.STATE} onClick={() => changeState([r.id], r.state === 0 ? 1 : 0)} data-testid={`exam-state-${r.id}`}>
            {r.state === 0 ? '禁用' : '启用'}
          </RowAction>
          <RowAction code={ExamPerm.UPDATE} onClick={() => setNotifying(r)} data-testid={`exam-notify-${r.id}`}>
            通知
          </RowAction>
          {/* Offline exams: 成绩录入 (module exam-offline). */}
          {r.offline ? (
            <RowAction code={ExamOfflinePerm.LIST} onClick={() => navigate(`/admin/exam/offline/${encodeURIComponent(r.id)}`)} data-testid={`exam-offline-${r.id}`}>
              成绩录入
            </RowAction>
          ) : null}
          <RowAction code={ExamPerm.DELETE} danger onClick={() => remove([r.id])}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <Card className="page">
      <TitleSearch placeholder="搜索考试名称" onSearch={(title) => list.paging.search({ title })} />
      <ListToolbar>
        <PermButton code={ExamPerm.ADD} type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/exam/exam/add')} data-testid="exam-add">
          添加
        </PermButton>
        <PermButton code={ExamPerm.STATE} onClick={() => changeState(selected, 0)}>
          批量启用
        </PermButton>
        <PermButton code={ExamPerm.STATE} onClick={() => changeState(selected, 1)}>
          批量禁用
        </PermButton>
        <BatchDeleteButton code={ExamPerm.DELETE} onClick={() => remove(selected)} />
      </ListToolbar>
      <PagedTable<ExamRecord> list={list} columns={columns} selectable={hasPerm([ExamPerm.DELETE, ExamPerm.STATE])} scroll={{ x: 1450 }} />
      <NotifyExamDialog exam={notifying} onClose={() => setNotifying(null)} />
    </Card>
  );
}
