/**
 * ListAppeal (交卷申诉, route /admin/exam/appeal; issue 12): learners' appeals of papers the exam
 * camera handed in, within the caller's data scope, newest first, filtered by state. 处理 opens a
 * dialog: 重开试卷 gives the paper back with the time it had left at the hand-in (the learner
 * continues it from the exam list), 维持交卷 confirms the hand-in; an optional remark is shown to
 * the learner. 证据 opens the paper's evidence timeline. Needs exam:appeal:audit.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Card, Input, Modal, Radio, Select, Space, Tag, type TableColumnsType } from 'antd';
import { APPEAL_STATE_LABEL, AppealState, PaperCapturePerm, paperCaptureApi, type AppealRecord } from '@kaopei/contracts/paper-capture';
import { call } from '../../../api/request';
import { RowAction } from '../../../components/Perm';
import { ListToolbar, PagedTable } from '../../../components/PagedTable';
import { usePagedList } from '../../../components/paging';
import { formatHms } from '../../../utils/format';

type Filter = { state?: number };

export default function ListAppeal() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const list = usePagedList<Filter, AppealRecord>('paper-appeal', (current, size, params) => call(paperCaptureApi.appealPaging, { current, size, params }), { state: AppealState.PENDING });
  const { query, paging } = list;
  const [deciding, setDeciding] = useState<AppealRecord | null>(null);
  const [state, setState] = useState<1 | 2>(1);
  const [remark, setRemark] = useState('');

  const decide = async () => {
    if (!deciding) return;
    try {
      await call(paperCaptureApi.appealDecide, { id: deciding.id, state, remark });
      message.success('操作成功！');
      setDeciding(null);
      setRemark('');
      void query.refetch();
    } catch {
      // shown by the request helper
    }
  };

  const columns: TableColumnsType<AppealRecord> = [
    { title: '考生', dataIndex: 'realName', width: 110, render: (n: string, r) => n || r.userId },
    { title: '考试', dataIndex: 'title' },
    { title: '申诉理由', dataIndex: 'reason' },
    { title: '剩余时间', dataIndex: 'leftSeconds', width: 100, render: (s: number) => formatHms(s) },
    { title: '状态', dataIndex: 'state', width: 100, render: (s: number, r) => <Tag color={s === 0 ? 'processing' : s === 1 ? 'success' : 'default'} data-testid={`appeal-state-${r.id}`}>{r.state_dictText}</Tag> },
    { title: '申诉时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作', key: 'op', width: 140,
      render: (_, r) => (
        <Space size={0}>
          <RowAction code={PaperCapturePerm.EVIDENCE} onClick={() => navigate(`/admin/exam/evidence/${encodeURIComponent(r.paperId)}`)} data-testid={`appeal-evidence-${r.id}`}>
            证据
          </RowAction>
          <RowAction code={PaperCapturePerm.APPEAL} disabled={r.state !== AppealState.PENDING} onClick={() => setDeciding(r)} data-testid={`appeal-decide-${r.id}`}>
            处理
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <Card className="page" title="交卷申诉">
      <ListToolbar>
        <Select<number>
          allowClear placeholder="处理状态" style={{ width: 140 }} defaultValue={AppealState.PENDING}
          options={Object.entries(APPEAL_STATE_LABEL).map(([v, label]) => ({ value: Number(v), label }))}
          onChange={(s) => paging.search({ state: s })}
        />
      </ListToolbar>
      <PagedTable<AppealRecord> list={list} columns={columns} scroll={{ x: 900 }} />
      <Modal title="处理申诉" open={deciding !== null} onOk={() => void decide()} onCancel={() => setDeciding(null)} okButtonProps={{ 'data-testid': 'appeal-decide-ok' } as never}>
        <p>{deciding ? `${deciding.realName}：${deciding.reason}` : ''}</p>
        <Radio.Group value={state} onChange={(e) => setState(e.target.value as 1 | 2)} style={{ marginBottom: 12 }}>
          <Radio value={1} data-testid="appeal-reopen">重开试卷（恢复剩余时间）</Radio>
          <Radio value={2} data-testid="appeal-confirm">维持交卷</Radio>
        </Radio.Group>
        <Input.TextArea rows={3} maxLength={500} placeholder="处理意见（选填）" value={remark} onChange={(e) => setRemark(e.target.value)} data-testid="appeal-remark" />
      </Modal>
    </Card>
  );
}
