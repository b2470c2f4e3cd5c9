/**
 * /admin/exam/qu/add and /admin/exam/qu/update/:id — question form (SPEC §3 Question, §4 types):
 * bank, chapter (of that bank), then the question editor (QuestionEditor: type of the seven, level,
 * rich-text content, image, the answer part of the type, analysis; combined questions with their
 * sub-questions). Before submitting, the field shapes of `quSaveReq`, the business rules of
 * `questionRuleErrors` and the form's own checks (qu-form.ts) are shown in one box; nothing is sent
 * while any remains. Saves through /api/qu/qu/save (an edit sends back the option and sub-question
 * ids, so they are kept).
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Space, Spin } from 'antd';
import { SUPPORTED_QU_TYPES } from '@kaopei/contracts';
import { quApi, type QuDetail, quSaveReq } from '@kaopei/contracts/qu';
import { call } from '../../../api/request';
import { ChapterSelect } from '../../../components/ChapterSelect';
import { RepoSelect } from '../../../components/RepoSelect';
import { zodRule } from '../../../utils/zod-rule';
import { goBack } from '../../../utils/nav';
import { QuestionEditor } from './QuestionEditor';
import { draftErrors, draftFromDetail, formErrors, newDraft, toSaveBody, type QuestionDraft } from './qu-form';

interface Values {
  repoId?: string;
  chapterId?: string;
}

export default function QuForm() {
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const repoId = Form.useWatch('repoId', form);
  const [draft, setDraft] = useState<QuestionDraft>(() => newDraft());
  const [ruleErrors, setRuleErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const detail = useQuery({ queryKey: ['qu-detail', id], queryFn: () => call(quApi.detail, { id: id ?? '' }), enabled: Boolean(id) });
  const [loadedFor, setLoadedFor] = useState<QuDetail | null>(null);

  useEffect(() => {
    const d = detail.data;
    if (!d || loadedFor === d) return;
    setLoadedFor(d);
    form.setFieldsValue({ repoId: d.repoId, chapterId: d.chapterId || undefined });
    setDraft(draftFromDetail(d));
  }, [detail.data, loadedFor, form]);

  const submit = async (values: Values) => {
    const body = toSaveBody(draft, { id, repoId: values.repoId ?? '', chapterId: values.chapterId ?? '' });
    const errors = [...formErrors(draft), ...draftErrors(body)];
    setRuleErrors(errors);
    if (errors.length) return;
    setSaving(true);
    try {
      await call(quApi.save, quSaveReq.parse(body));
      message.success('操作成功！');
      void queryClient.invalidateQueries({ queryKey: ['qu-paging'] });
      void queryClient.invalidateQueries({ queryKey: ['qu-detail'] });
      void queryClient.invalidateQueries({ queryKey: ['repo-paging'] });
      void queryClient.invalidateQueries({ queryKey: ['chapter-list'] });
      goBack(navigate, '/admin/exam/qu');
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  if (id && detail.isLoading) return <Spin className="page-loading" />;

  return (
    <Card className="page" title={id ? '修改试题' : '添加试题'}>
      <Form<Values>
        form={form}
        layout="vertical"
        className="qu-form"
        initialValues={{ repoId: searchParams.get('repoId') ?? undefined, chapterId: searchParams.get('chapterId') ?? undefined }}
        onFinish={submit}
        onValuesChange={(changed: Values) => {
          if ('repoId' in changed) form.setFieldValue('chapterId', undefined);
        }}
      >
        <Space wrap align="start">
          <Form.Item name="repoId" label="所属题库" required rules={[zodRule(quSaveReq.shape.repoId, { empty: '' })]}>
            <RepoSelect style={{ width: 320 }} />
          </Form.Item>
          <Form.Item name="chapterId" label="所属章节">
            <ChapterSelect repoId={repoId} allowClear placeholder="不属于任何章节" style={{ width: 260 }} testId="qu-chapter" />
          </Form.Item>
        </Space>
        <QuestionEditor
          value={draft}
          onChange={(next) => {
            setDraft(next);
            setRuleErrors([]);
          }}
          types={SUPPORTED_QU_TYPES}
          testPrefix="qu"
        />
        {ruleErrors.length ? (
          <div data-testid="qu-rule-errors">
            <Alert type="error" showIcon title="请检查试题" description={<ul className="plain-list">{ruleErrors.map((e) => <li key={e}>{e}</li>)}</ul>} style={{ marginBottom: 16 }} />
          </div>
        ) : null}
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="qu-submit">
            保存
          </Button>
          <Button onClick={() => goBack(navigate, '/admin/exam/qu')}>返回</Button>
        </Space>
      </Form>
    </Card>
  );
}
