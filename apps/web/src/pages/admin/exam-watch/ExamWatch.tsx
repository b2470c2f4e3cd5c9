/**
 * ExamWatch (监考, route /admin/exam/watch/:examId; issue 9 "Live invigilation", SPEC §2): the exam's
 * papers with who has started, is online (exam socket open), has handed in, and the last activity;
 * counts over the whole exam; a reminder to one learner (row 提醒) or to every online learner
 * (提醒全部), shown on the learner's page as the persistent "管理员提醒" notice; 强制交卷 of one
 * open paper; 证据 opens the paper's evidence timeline (captures, leaves, reminders; issue 12).
 * Refreshes itself every WATCH_REFRESH_MS.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { App, Card, Col, Input, Modal, Row, Select, Space, Statistic, Switch, Tag, type TableColumnsType } from 'antd';
import { PaperState, PAPER_STATE_LABEL, type Page } from '@kaopei/contracts';
import { examWatchApi, ExamWatchPerm, type ExamWatchRecord } from '@kaopei/contracts/exam-watch';
import { PaperCapturePerm } from '@kaopei/contracts/paper-capture';
import { call } from '../../../api/request';
import { PermButton, RowAction } from '../../../components/Perm';
import { ListToolbar, PagedTable } from '../../../components/PagedTable';
import { usePagedList } from '../../../components/paging';

/** How often the page reloads (ms). */
export const WATCH_REFRESH_MS = 3000;

type Row_ = ExamWatchRecord & { id: string };
type Summary = { started: number; inExam: number; handed: number; online: number };
type Filter = { state?: number; online?: boolean };

export default function ExamWatch() {
  const { examId = '' } = useParams();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const list = usePagedList<Filter, Row_>(
    `exam-watch-${examId}`,
    async (current, size, params) => {
      const page = await call(examWatchApi.paging, { current, size, params: { examId, ...params } });
      return { ...page, records: page.records.map((r) => ({ ...r, id: r.paperId })) } as Page<Row_> & { summary: Summary };
    },
    {},
  );
  const { query, paging } = list;
  const summary = (query.data as (Page<Row_> & { summary?: Summary }) | undefined)?.summary;
  const [reminding, setReminding] = useState<{ userId?: string; name: string } | null>(null);
  const [text, setText] = useState('');

  useEffect(() => {
    const timer = setInterval(() => void query.refetch(), WATCH_REFRESH_MS);
    return () => clearInterval(timer);
  }, [query]);

  const send = async () => {
    try {
      const { sent } = await call(examWatchApi.remind, { examId, message: text, ...(reminding?.userId ? { userId: reminding.userId } : {}) });
      if (sent > 0) message.success(`提醒已发送给 ${sent} 名在线考生`);
      else message.warning('考生当前不在线，提醒未送达');
      setReminding(null);
      setText('');
    } catch {
      // shown by the request helper
    }
  };

  const forceHandIn = (r: Row_) =>
    modal.confirm({
      title: '强制交卷',
      content: `确定要为 ${r.realName || r.userId} 强制交卷吗？交卷后不能继续答题。`,
      onOk: async () => {
        try {
          const res = await call(examWatchApi.handIn, { id: r.paperId });
          message.success(res.done ? '已强制交卷！' : '该试卷已交卷');
          void query.refetch();
        } catch {
          // shown by the request helper
        }
      },
    });

  const columns: TableColumnsType<Row_> = [
    { title: '考生', key: 'name', render: (_, r) => r.realName || r.userId },
    {
      title: '在线', dataIndex: 'online', width: 80,
      render: (on: boolean, r) => <Tag color={on ? 'green' : 'default'} data-testid={`watch-online-${r.userId}`}>{on ? '在线' : '离线'}</Tag>,
    },
    { title: '状态', dataIndex: 'state_dictText', width: 90, render: (s: string, r) => <span data-testid={`watch-state-${r.userId}`}>{s}</span> },
    { title: '开始时间', dataIndex: 'createTime', width: 170 },
    { title: '交卷时间', dataIndex: 'handTime', width: 170, render: (t: string | null) => t ?? '-' },
    { title: '最后活动', dataIndex: 'lastActive', width: 170, render: (t: string | null) => t ?? '-' },
    {
      title: '操作', key: 'op', width: 220,
      render: (_, r) => (
        <Space size={0}>
          <RowAction code={PaperCapturePerm.EVIDENCE} onClick={() => navigate(`/admin/exam/evidence/${encodeURIComponent(r.paperId)}`)} data-testid={`watch-evidence-${r.userId}`}>
            证据
          </RowAction>
          <RowAction code={ExamWatchPerm.WATCH} disabled={!r.online} onClick={() => setReminding({ userId: r.userId, name: r.realName || r.userId })} data-testid={`watch-remind-${r.userId}`}>
            提醒
          </RowAction>
          <RowAction code={ExamWatchPerm.WATCH} danger disabled={r.state !== PaperState.IN_EXAM} onClick={() => forceHandIn(r)} data-testid={`watch-hand-${r.userId}`}>
            强制交卷
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <Card className="page" title="监考">
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={12} sm={6}><Statistic title="已开考" value={summary?.started ?? 0} /></Col>
        <Col xs={12} sm={6}><Statistic title="考试中" value={summary?.inExam ?? 0} /></Col>
        <Col xs={12} sm={6}><Statistic title="在线" value={summary?.online ?? 0} /></Col>
        <Col xs={12} sm={6}><Statistic title="已交卷" value={summary?.handed ?? 0} /></Col>
      </Row>
      <ListToolbar>
        <Select<number>
          allowClear placeholder="试卷状态" style={{ width: 140 }}
          options={Object.entries(PAPER_STATE_LABEL).map(([v, label]) => ({ value: Number(v), label }))}
          onChange={(state) => paging.search({ ...paging.params, state })}
        />
        <Space>
          <Switch onChange={(online) => paging.search({ ...paging.params, online: online || undefined })} />
          只看在线
        </Space>
        <PermButton code={ExamWatchPerm.WATCH} type="primary" onClick={() => setReminding({ name: '全部在线考生' })} data-testid="watch-remind-all">
          提醒全部
        </PermButton>
      </ListToolbar>
      <PagedTable<Row_> list={list} columns={columns} scroll={{ x: 1000 }} />
      <Modal title={`发送提醒：${reminding?.name ?? ''}`} open={reminding !== null} onOk={() => void send()} onCancel={() => setReminding(null)} okText="发送" okButtonProps={{ 'data-testid': 'watch-remind-send' } as never}>
        <Input.TextArea rows={3} maxLength={500} value={text} onChange={(e) => setText(e.target.value)} placeholder="提醒内容" data-testid="watch-remind-text" />
      </Modal>
    </Card>
  );
}
