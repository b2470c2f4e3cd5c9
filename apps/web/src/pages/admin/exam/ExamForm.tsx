/**
 * /admin/exam/exam/add and /admin/exam/exam/update/:id — exam form (contracts `examSaveReq`): title,
 * content, optional time window, totalTime (minutes), qualifyScore, chance (0 = 不限), the rule
 * editor and a live totalScore = Σ quCount × quScore. A rule asking more questions than its bank
 * holds is refused client-side and, if it slips through, by the server (20010008, msg names the rule).
 * 颁发证书: the certificate template granted to those who pass (optional; issue 7).
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, Input, InputNumber, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { TIME_FORMAT } from '@kaopei/contracts';
import { examApi, type ExamDetail, ExamError, examSaveReq, examTotalScore } from '@kaopei/contracts/exam';
import { type RepoRecord } from '@kaopei/contracts/repo';
import { call, isApiError } from '../../../api/request';
import { zodRule } from '../../../utils/zod-rule';
import { goBack } from '../../../utils/nav';
import { RuleEditor, availableOf, newRule, ruleRowErrors, type RuleDraft } from './RuleEditor';
import { CertSelect } from '../cert/CertSelect';


interface Values {
  title: string;
  content?: string;
  window?: [Dayjs | null, Dayjs | null] | null;
  totalTime: number | null;
  qualifyScore: number | null;
  chance: number | null;
  certId?: string | null;
}

export default function ExamForm() {
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [rules, setRules] = useState<RuleDraft[]>(() => [newRule()]);
  const [showRuleErrors, setShowRuleErrors] = useState(false);
  const [submitError, setSubmitError] = useState('');
  const [saving, setSaving] = useState(false);

  const detail = useQuery({ queryKey: ['exam-detail', id], queryFn: () => call(examApi.detail, { id: id ?? '' }), enabled: Boolean(id) });
  const [loadedFor, setLoadedFor] = useState<ExamDetail | null>(null);
  useEffect(() => {
    const d = detail.data;
    if (!d || loadedFor === d) return;
    setLoadedFor(d);
    form.setFieldsValue({
      title: d.title,
      content: d.content,
      window: d.startTime || d.endTime ? [d.startTime ? dayjs(d.startTime) : null, d.endTime ? dayjs(d.endTime) : null] : null,
      totalTime: d.totalTime,
      qualifyScore: d.qualifyScore,
      chance: d.chance,
      certId: d.certId ?? undefined,
    });
    setRules(d.ruleList.map((r) => newRule({ repoId: r.repoId, quType: r.quType, quCount: r.quCount, quScore: r.quScore })));
  }, [detail.data, loadedFor, form]);

  const totalScore = examTotalScore(rules.map((r) => ({ quCount: r.quCount ?? 0, quScore: r.quScore ?? 0 })));

  const submit = async (values: Values) => {
    setSubmitError('');
    setShowRuleErrors(true);
    const rowErrors = rules.flatMap((r, i) => {
      const repo = queryClient.getQueryData<RepoRecord>(['repo-detail', r.repoId]);
      return ruleRowErrors(r, availableOf(repo, r.quType)).map((e) => `第${i + 1}条规则：${e}`);
    });
    if (rowErrors.length) {
      setSubmitError(rowErrors[0]);
      return;
    }
    const [start, end] = values.window ?? [null, null];
    const parsed = examSaveReq.safeParse({
      ...(id ? { id } : {}),
      title: values.title,
      content: values.content ?? '',
      openType: 1,
      startTime: start ? start.format(TIME_FORMAT) : null,
      endTime: end ? end.format(TIME_FORMAT) : null,
      totalTime: values.totalTime ?? undefined,
      qualifyScore: values.qualifyScore ?? undefined,
      chance: values.chance ?? 0,
      certId: values.certId ?? null,
      ruleList: rules.map((r) => ({ repoId: r.repoId, quType: r.quType ?? undefined, quCount: r.quCount ?? undefined, quScore: r.quScore ?? undefined })),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const ruleIndex = issue?.path[0] === 'ruleList' && typeof issue.path[1] === 'number' ? issue.path[1] : -1;
      setSubmitError(ruleIndex >= 0 ? `第${ruleIndex + 1}条规则：${issue.message}` : (issue?.message ?? '请检查输入'));
      return;
    }
    setSaving(true);
    try {
      await call(examApi.save, parsed.data);
      message.success('操作成功！');
      void queryClient.invalidateQueries({ queryKey: ['exam-paging'] });
      void queryClient.invalidateQueries({ queryKey: ['exam-detail'] });
      goBack(navigate, '/admin/exam/exam');
    } catch (err) {
      if (isApiError(err, ExamError.RULE_SHORT.code) || (isApiError(err) && err.code > 0)) setSubmitError(err.message);
    } finally {
      setSaving(false);
    }
  };

  if (id && detail.isLoading) return <Spin className="page-loading" />;

  return (
    <Card className="page" title={id ? '修改考试' : '添加考试'}>
      <Form<Values> form={form} layout="vertical" className="exam-form" initialValues={{ chance: 0, totalTime: 60, window: null }} onFinish={submit}>
        <Form.Item name="title" label="考试名称" required rules={[zodRule(examSaveReq.shape.title)]}>
          <Input placeholder="请输入考试名称" maxLength={200} data-testid="exam-title" />
        </Form.Item>
        <Form.Item name="content" label="考试说明" rules={[zodRule(examSaveReq.shape.content)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} placeholder="考试须知、注意事项等（可选）" maxLength={5000} data-testid="exam-content" />
        </Form.Item>
        <Form.Item
          name="window"
          label="考试时间（可选，不填则不限）"
          rules={[
            {
              validator: async (_r, v: Values['window']) => {
                if (v?.[0] && v?.[1] && !v[1].isAfter(v[0])) throw new Error('结束时间必须晚于开始时间！');
              },
            },
          ]}
        >
          <DatePicker.RangePicker showTime format={TIME_FORMAT} allowEmpty={[true, true]} style={{ maxWidth: 420, width: '100%' }} data-testid="exam-window" />
        </Form.Item>
        <Space wrap size="large" align="start">
          <Form.Item name="totalTime" label="考试时长（分钟）" required rules={[zodRule(examSaveReq.shape.totalTime)]}>
            <InputNumber min={1} max={14400} precision={0} style={{ width: 160 }} data-testid="exam-total-time" />
          </Form.Item>
          <Form.Item
            name="qualifyScore"
            label="及格分"
            required
            rules={[
              zodRule(examSaveReq.shape.qualifyScore),
              {
                validator: async (_r, v: number | null) => {
                  if (typeof v === 'number' && totalScore > 0 && v > totalScore) throw new Error('及格分不能大于试卷总分！');
                },
              },
            ]}
          >
            <InputNumber min={0} precision={0} style={{ width: 160 }} data-testid="exam-qualify-score" />
          </Form.Item>
          <Form.Item name="chance" label="考试次数（0 为不限）" rules={[zodRule(examSaveReq.shape.chance)]}>
            <InputNumber min={0} max={1000} precision={0} style={{ width: 160 }} data-testid="exam-chance" />
          </Form.Item>
        </Space>
        <Form.Item name="certId" label="颁发证书（考试通过后自动发放）">
          <CertSelect style={{ maxWidth: 400 }} data-testid="exam-cert" />
        </Form.Item>
        <Form.Item label="组卷规则" required>
          <RuleEditor
            value={rules}
            showErrors={showRuleErrors}
            onChange={(next) => {
              setRules(next);
              setSubmitError('');
            }}
          />
        </Form.Item>
        <div className="exam-total">
          试卷总分：
          <strong data-testid="exam-total-score">{totalScore}</strong>{' '}
          分
        </div>
        {submitError ? (
          <div data-testid="exam-form-error">
            <Alert type="error" showIcon title={submitError} style={{ marginBottom: 16 }} />
          </div>
        ) : null}
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="exam-submit">
            保存
          </Button>
          <Button onClick={() => goBack(navigate, '/admin/exam/exam')}>返回</Button>
        </Space>
      </Form>
    </Card>
  );
}
