/**
 * /admin/exam/offline/:examId — 成绩录入 of an offline exam (issue 8 "Offline exams"; opened from the
 * exam list): the exam's title, total and qualify score; the results list (account, name, score,
 * 通过/未通过, exam time, 导入/录入, by whom, when; filters applicant and passed; the caller's data
 * scope); 下载模板 (账号 | 姓名 | 成绩 | 考试时间), 导入成绩 (a background job with progress; every bad row
 * listed and nothing imported) and 录入成绩 (one learner from the user-select dialog, score, time).
 * Entering the same score again changes nothing; another score replaces it.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Select, Space, Tag, type TableColumnsType } from 'antd';
import { DownloadOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { TIME_FORMAT } from '@kaopei/contracts';
import { examOfflineApi, ExamOfflinePerm, OFFLINE_IMPORT_HEADERS, type OfflineInfo, type OfflineRecord } from '@kaopei/contracts/exam-offline';
import { call, download, upload } from '../../../api/request';
import { ListToolbar, PagedTable } from '../../../components/PagedTable';
import { PermButton } from '../../../components/Perm';
import { SearchBar } from '../../../components/SearchBar';
import { usePagedList } from '../../../components/paging';
import { IMPORT_SUCCESS_MSG, JobProgress, RowErrorTable, useImportJob } from '../../../components/import/useImportJob';
import { UserSelectDialog, type UserBrief } from '../../../components/UserSelect';
import { offlineOutcomeOf } from './offline-import';

interface Filters {
  examId: string;
  userName?: string;
  passed?: number;
}

/** 导入成绩: choose an .xlsx, upload, follow the job, show the outcome. */
function ImportDialog({ exam, open, onClose, onImported }: { exam: OfflineInfo; open: boolean; onClose: () => void; onImported: () => void }) {
  const imp = useImportJob({ extensions: ['.xlsx'], badTypeMsg: '只能上传.xlsx格式的文件！', outcomeOf: offlineOutcomeOf, onImported });
  const { outcome } = imp;
  const close = () => {
    imp.reset();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={`导入成绩：${exam.title}`}
      width={680}
      onCancel={close}
      footer={[
        <Button key="close" onClick={close}>
          关闭
        </Button>,
        <Button
          key="submit"
          type="primary"
          icon={<UploadOutlined />}
          loading={imp.busy}
          onClick={() => imp.submit((file) => upload(examOfflineApi.import, file, { examId: exam.examId }, { quiet: true }))}
          data-testid="offline-import-submit"
        >
          导入
        </Button>,
      ]}
    >
      <Form layout="vertical">
        <Form.Item label="成绩文件（.xlsx，每次1个）" extra={`列：${OFFLINE_IMPORT_HEADERS.join(' | ')}；成绩为0-${exam.totalScore}的整数；任何一行有误时不导入任何成绩`} validateStatus={imp.fileError ? 'error' : undefined} help={imp.fileError || undefined}>
          <input {...imp.inputProps} accept=".xlsx" data-testid="offline-import-file" />
        </Form.Item>
      </Form>
      <JobProgress job={imp.running} testId="offline-import-progress" />
      {outcome?.kind === 'ok' ? (
        <Alert type="success" showIcon title={IMPORT_SUCCESS_MSG} description={<span data-testid="offline-import-result">{`新增或更新 ${outcome.imported} 条，未变化 ${outcome.unchanged} 条`}</span>} />
      ) : null}
      {outcome && outcome.kind !== 'ok' ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <div data-testid="offline-import-error-msg">
            <Alert type="error" showIcon title={outcome.msg} />
          </div>
          {outcome.kind === 'refused' ? <RowErrorTable errors={outcome.errors} testId="offline-import-errors" /> : null}
        </Space>
      ) : null}
    </Modal>
  );
}

/** 录入成绩: one learner, his score and the exam time. */
function EntryDialog({ exam, open, onClose, onSaved }: { exam: OfflineInfo; open: boolean; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ userScore: number; examTime?: Dayjs | null }>();
  const [user, setUser] = useState<UserBrief | null>(null);
  const [picking, setPicking] = useState(false);
  const [userError, setUserError] = useState('');
  const [saving, setSaving] = useState(false);
  const close = () => {
    form.resetFields();
    setUser(null);
    setUserError('');
    onClose();
  };
  const submit = async () => {
    const v = await form.validateFields();
    if (!user) {
      setUserError('请选择学员！');
      return;
    }
    setSaving(true);
    try {
      const res = await call(examOfflineApi.entry, { examId: exam.examId, userId: user.id, userScore: v.userScore, examTime: v.examTime ? v.examTime.format(TIME_FORMAT) : '' });
      message.success(res.changed ? '成绩保存成功！' : '成绩未变化');
      onSaved();
      close();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title={`录入成绩：${exam.title}`} confirmLoading={saving} onOk={() => void submit()} onCancel={close} okButtonProps={{ 'data-testid': 'offline-entry-ok' } as Record<string, string>}>
      <Form form={form} layout="vertical">
        <Form.Item label="学员" required validateStatus={userError ? 'error' : undefined} help={userError || undefined}>
          <Space>
            {user ? <Tag data-testid="offline-entry-user">{`${user.realName}（${user.userName}）`}</Tag> : null}
            <Button onClick={() => setPicking(true)} data-testid="offline-entry-pick">
              选择学员
            </Button>
          </Space>
        </Form.Item>
        <Form.Item name="userScore" label={`成绩（0-${exam.totalScore}）`} rules={[{ required: true, message: '请输入成绩！' }]}>
          <InputNumber min={0} max={exam.totalScore} precision={0} style={{ width: 160 }} data-testid="offline-entry-score" />
        </Form.Item>
        <Form.Item name="examTime" label="考试时间" extra="不填为考试开始时间">
          <DatePicker showTime format={TIME_FORMAT} data-testid="offline-entry-time" />
        </Form.Item>
      </Form>
      <UserSelectDialog
        open={picking}
        title="选择学员"
        onCancel={() => setPicking(false)}
        onOk={(users) => {
          if (users.length > 1) {
            message.warning('只能选择一个学员！');
            return;
          }
          setUser(users[0] ?? null);
          setUserError('');
          setPicking(false);
        }}
      />
    </Modal>
  );
}

export default function ExamOfflineScore() {
  const { examId = '' } = useParams();
  const info = useQuery({ queryKey: ['exam-offline-info', examId], queryFn: () => call(examOfflineApi.info, { examId }), enabled: examId !== '' });
  const list = usePagedList<Filters, OfflineRecord>('exam-offline-paging', (current, size, params) => call(examOfflineApi.paging, { current, size, params }), { examId });
  const [importing, setImporting] = useState(false);
  const [entering, setEntering] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const exam = info.data;

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      await download(examOfflineApi.template);
    } catch {
      // shown by the request helper
    } finally {
      setDownloading(false);
    }
  };

  const columns: TableColumnsType<OfflineRecord> = [
    { title: '账号', dataIndex: 'userName', ellipsis: true },
    { title: '姓名', dataIndex: 'realName', width: 120, ellipsis: true },
    { title: '成绩', dataIndex: 'userScore', width: 80 },
    { title: '是否通过', dataIndex: 'passed', width: 100, render: (p: boolean) => <Tag color={p ? 'green' : 'red'}>{p ? '通过' : '未通过'}</Tag> },
    { title: '考试时间', dataIndex: 'examTime', width: 170 },
    { title: '来源', dataIndex: 'source_dictText', width: 80 },
    { title: '操作人', dataIndex: 'updateBy_dictText', width: 100 },
    { title: '更新时间', dataIndex: 'updateTime', width: 170 },
  ];

  return (
    <Card className="page">
      {exam ? (
        <>
          {exam.offline !== 1 ? <Alert type="warning" showIcon title="该考试不是线下考试！" style={{ marginBottom: 16 }} /> : null}
          <Descriptions
            size="small"
            style={{ marginBottom: 16 }}
            items={[
              { key: 'title', label: '考试名称', children: <span data-testid="offline-exam-title">{exam.title}</span> },
              { key: 'total', label: '总分', children: exam.totalScore },
              { key: 'qualify', label: '及格分', children: exam.qualifyScore },
            ]}
          />
        </>
      ) : null}
      <SearchBar<{ userName?: string; passed?: number }> onSearch={(v) => list.paging.search({ examId, userName: v.userName?.trim() || undefined, passed: v.passed })}>
        <Form.Item name="userName">
          <Input placeholder="账号或姓名" allowClear />
        </Form.Item>
        <Form.Item name="passed">
          <Select placeholder="是否通过" allowClear style={{ width: 120 }} options={[{ value: 1, label: '通过' }, { value: 0, label: '未通过' }]} />
        </Form.Item>
      </SearchBar>
      {exam?.offline === 1 ? (
        <ListToolbar>
          <PermButton code={ExamOfflinePerm.ENTRY} icon={<DownloadOutlined />} loading={downloading} onClick={() => void downloadTemplate()} data-testid="offline-template">
            下载模板
          </PermButton>
          <PermButton code={ExamOfflinePerm.ENTRY} type="primary" icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="offline-import">
            导入成绩
          </PermButton>
          <PermButton code={ExamOfflinePerm.ENTRY} icon={<EditOutlined />} onClick={() => setEntering(true)} data-testid="offline-entry">
            录入成绩
          </PermButton>
        </ListToolbar>
      ) : null}
      <PagedTable<OfflineRecord> list={list} columns={columns} scroll={{ x: 1000 }} />
      {exam ? <ImportDialog exam={exam} open={importing} onClose={() => setImporting(false)} onImported={list.refresh} /> : null}
      {exam ? <EntryDialog exam={exam} open={entering} onClose={() => setEntering(false)} onSaved={list.refresh} /> : null}
    </Card>
  );
}
