/**
 * 培训考试 tab of the class management drawer (ListTrainClass → 管理; issue 13 "Classes: exams";
 * /api/trainClass/exam/detail and /save): the linked exams in order with a required flag (必考 exams
 * count toward the class's requirement 通过培训考试); add an exam from the exam list (select, size 100,
 * title search; needs exam:list), move up / down, remove, 保存 (with a confirmation when exams were
 * removed). Enrolled learners may sit a linked exam even when its open type would not let them in.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Space, Spin } from 'antd';
import { classExamApi } from '@kaopei/contracts/class-exam';
import { examApi } from '@kaopei/contracts/exam';
import { call } from '../../../api/request';
import { LinkRowsTable, type LinkRow } from '../../../components/LinkRowsTable';
import { TitleSelect } from '../../../components/TitleSelect';
import type { ClassAdminSectionProps } from '../train-class/adminSections';

export default function ClassExamsAdmin({ cls, onChanged }: ClassAdminSectionProps) {
  const { message, modal } = App.useApp();
  const [rows, setRows] = useState<LinkRow[]>([]);
  const [saving, setSaving] = useState(false);
  const detail = useQuery({ queryKey: ['class-exams', cls.id], queryFn: () => call(classExamApi.detail, { classId: cls.id }), refetchOnMount: 'always' });
  useEffect(() => {
    if (detail.data) setRows(detail.data.map((r) => ({ id: r.examId, title: r.examId_dictText || '（考试已被删除）', required: r.required })));
  }, [detail.data]);

  const doSave = async () => {
    setSaving(true);
    try {
      await call(classExamApi.save, { classId: cls.id, examList: rows.map((r, i) => ({ examId: r.id, sort: i + 1, required: r.required })) });
      message.success('操作成功！');
      await detail.refetch();
      onChanged();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };
  const save = () => {
    const removed = (detail.data ?? []).filter((d) => !rows.some((r) => r.id === d.examId)).length;
    if (removed === 0) return void doSave();
    modal.confirm({ title: '保存确认', content: `将移除 ${removed} 场已关联的考试，确定保存吗？`, okButtonProps: { 'data-testid': 'class-exams-save-ok' } as Record<string, string>, onOk: doSave });
  };

  return (
    <Spin spinning={detail.isFetching}>
      {!cls.finishExam ? <Alert type="info" showIcon style={{ marginBottom: 12 }} title="本班结业要求未开启“通过培训考试”，考试成绩不影响结业。" /> : null}
      <Space style={{ marginBottom: 12 }} wrap>
        <TitleSelect
          queryKey="class-exam-select"
          placeholder="添加考试"
          style={{ width: 360 }}
          value={undefined}
          testIdPrefix="class-exam-option"
          fetch={async (keyword) => call(examApi.paging, { current: 1, size: 100, params: keyword ? { title: keyword } : {} })}
          onChange={(examId: string, option) => {
            if (!examId || rows.some((r) => r.id === examId)) return;
            const label = (Array.isArray(option) ? '' : String(option?.label ?? '')) || examId;
            setRows((rs) => [...rs, { id: examId, title: label, required: true }]);
          }}
          data-testid="class-exam-select"
        />
        <Button type="primary" loading={saving} onClick={save} data-testid="class-exams-save">
          保存
        </Button>
      </Space>
      <LinkRowsTable rows={rows} onChange={setRows} itemTitle="考试" requiredTitle="必考" testIdPrefix="class-exam" />
    </Spin>
  );
}
