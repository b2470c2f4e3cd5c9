/**
 * /admin/exam/exam/add and /admin/exam/exam/update/:id — the exam form (contracts `examSaveReq`,
 * issue 8 "Exams"), every setting grouped:
 * - 基本信息: title, examType, content, certificate;
 * - 考试时间: window, totalTime, chance, lateMaxMinutes (latest start), handMinMinutes (earliest hand-in);
 * - 开放范围: openType 1 public / 2 departments (sub-departments included) / 3 people (user-select
 *   on add; the user-ref list with join / remove on update) / 9 password; pointsCost; needApply;
 * - 组卷方式: 1 random rules (bank × type × level × chapter), 2 selected questions with a score each,
 *   3 draw drawCount from a pool; the score of a paper and the server's shortfalls live
 *   (/api/exam/exam/check-rules); offline exams take a total score instead;
 * - 成绩与阅卷: qualifyScore, resultShow (+ thanksText), partialCredit, markMode (+ markDiff);
 * - 防作弊: shuffleQu, shuffleOption, camera, face check, leave monitoring, paste off, fullscreen.
 * A save refused for shortfalls (20010008) shows the server's message above the buttons.
 */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, Input, InputNumber, Radio, Space, Spin, Switch, TreeSelect, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { TIME_FORMAT } from '@kaopei/contracts';
import { examApi, examCheckReq, type ExamDetail, examPaperScore, examSaveReq, EXAM_TYPE_LABEL, MARK_MODE_LABEL, PAPER_METHOD_LABEL, RESULT_SHOW_LABEL } from '@kaopei/contracts/exam';
import { type RepoRecord } from '@kaopei/contracts/repo';
import { OPEN_TYPE_LABEL } from '@kaopei/contracts';
import { call, isApiError } from '../../../api/request';
import { zodRule } from '../../../utils/zod-rule';
import { goBack } from '../../../utils/nav';
import { useDepartOptions } from '../../../components/DepartSelect';
import { UserSelectField } from '../../../components/UserSelect';
import { RuleEditor, availableOf, newRule, ruleRowErrors, type RuleDraft } from './RuleEditor';
import { QuListEditor, type FixedQu } from './QuPicker';
import { UserRefPanel } from './UserRefPanel';
import { CameraFields } from './CameraFields';
import { CertSelect } from '../cert/CertSelect';

interface Values {
  title: string;
  examType: 1 | 2;
  content?: string;
  window?: [Dayjs | null, Dayjs | null] | null;
  totalTime: number | null;
  qualifyScore: number | null;
  chance: number | null;
  lateMaxMinutes: number | null;
  handMinMinutes: number | null;
  openType: 1 | 2 | 3 | 9;
  password?: string;
  deptCodes?: string[];
  userIds?: string[];
  pointsCost: number | null;
  needApply: boolean;
  paperMethod: 1 | 2 | 3;
  drawCount: number | null;
  offline: boolean;
  totalScore: number | null;
  resultShow: 1 | 2 | 3;
  thanksText?: string;
  partialCredit: boolean;
  markMode: 1 | 2;
  markDiff: number | null;
  shuffleQu: boolean;
  shuffleOption: boolean;
  camOn: boolean;
  camInterval: number | null;
  faceChance: number | null;
  faceOn: boolean;
  leaveOn: boolean;
  leaveCheck: number | null;
  leaveCount: number | null;
  pasteOff: boolean;
  fullscreenOn: boolean;
  certId?: string | null;
}

const DEFAULTS: Partial<Values> = {
  examType: 1, chance: 0, totalTime: 60, window: null, lateMaxMinutes: 0, handMinMinutes: 0, openType: 1, pointsCost: 0, needApply: false, paperMethod: 1, drawCount: null,
  offline: false, totalScore: 100, resultShow: 2, partialCredit: false, markMode: 1, markDiff: 0, shuffleQu: false, shuffleOption: false, camOn: false, camInterval: 5,
  faceChance: 3, faceOn: false, leaveOn: false, leaveCheck: 30, leaveCount: 3, pasteOff: false, fullscreenOn: false,
};

const options = (labels: Record<number, string>) => Object.entries(labels).map(([v, label]) => ({ value: Number(v), label }));

/** `value` once it has not changed for `ms` (the live check waits for typing to pause). */
function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export default function ExamForm() {
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [rules, setRules] = useState<RuleDraft[]>(() => [newRule()]);
  const [fixed, setFixed] = useState<FixedQu[]>([]);
  const [showRuleErrors, setShowRuleErrors] = useState(false);
  const [submitError, setSubmitError] = useState('');
  const [saving, setSaving] = useState(false);
  const departs = useDepartOptions();

  const openType = Form.useWatch('openType', form) ?? 1;
  const paperMethod = Form.useWatch('paperMethod', form) ?? 1;
  const drawCount = Form.useWatch('drawCount', form) ?? 0;
  const offline = Form.useWatch('offline', form) ?? false;
  const resultShow = Form.useWatch('resultShow', form) ?? 2;
  const markMode = Form.useWatch('markMode', form) ?? 1;
  const camOn = Form.useWatch('camOn', form) ?? false;
  const leaveOn = Form.useWatch('leaveOn', form) ?? false;
  const offlineTotal = Form.useWatch('totalScore', form) ?? 0;

  const detail = useQuery({ queryKey: ['exam-detail', id], queryFn: () => call(examApi.detail, { id: id ?? '' }), enabled: Boolean(id) });
  const [loadedFor, setLoadedFor] = useState<ExamDetail | null>(null);
  useEffect(() => {
    const d = detail.data;
    if (!d || loadedFor === d) return;
    setLoadedFor(d);
    form.setFieldsValue({
      title: d.title,
      examType: d.examType as 1 | 2,
      content: d.content,
      window: d.startTime || d.endTime ? [d.startTime ? dayjs(d.startTime) : null, d.endTime ? dayjs(d.endTime) : null] : null,
      totalTime: d.totalTime,
      qualifyScore: d.qualifyScore,
      chance: d.chance,
      lateMaxMinutes: d.lateMaxMinutes,
      handMinMinutes: d.handMinMinutes,
      openType: d.openType as Values['openType'],
      password: d.password,
      deptCodes: d.deptCodes,
      pointsCost: d.pointsCost,
      needApply: d.needApply,
      paperMethod: d.paperMethod as Values['paperMethod'],
      drawCount: d.drawCount || null,
      offline: d.offline,
      totalScore: d.totalScore,
      resultShow: d.resultShow as Values['resultShow'],
      thanksText: d.thanksText,
      partialCredit: d.partialCredit,
      markMode: d.markMode as 1 | 2,
      markDiff: d.markDiff,
      shuffleQu: d.shuffleQu,
      shuffleOption: d.shuffleOption,
      camOn: d.camOn,
      camInterval: d.camInterval,
      faceChance: d.faceChance,
      faceOn: d.faceOn,
      leaveOn: d.leaveOn,
      leaveCheck: d.leaveCheck,
      leaveCount: d.leaveCount,
      pasteOff: d.pasteOff,
      fullscreenOn: d.fullscreenOn,
      certId: d.certId ?? undefined,
    });
    if (d.ruleList.length) setRules(d.ruleList.map((r) => newRule({ repoId: r.repoId, quType: r.quType, level: r.level, chapterId: r.chapterId, quCount: r.quCount, quScore: r.quScore })));
    setFixed(d.quList.map((q) => ({ quId: q.quId, score: q.score, quType: q.quType, content: q.content, repoTitle: q.repoId_dictText })));
  }, [detail.data, loadedFor, form]);

  /** The paper part as the contracts take it. */
  const part = useMemo(
    () => ({
      paperMethod,
      ruleList: paperMethod === 1 ? rules.map((r) => ({ repoId: r.repoId, quType: r.quType ?? undefined, level: r.level, chapterId: r.chapterId, quCount: r.quCount ?? undefined, quScore: r.quScore ?? undefined })) : [],
      quList: paperMethod === 1 ? [] : fixed.map((q) => ({ quId: q.quId, score: q.score ?? undefined })),
      drawCount: paperMethod === 3 ? (drawCount ?? 0) : 0,
    }),
    [paperMethod, rules, fixed, drawCount],
  );
  const totalScore = offline
    ? (offlineTotal ?? 0)
    : examPaperScore({
        paperMethod,
        ruleList: rules.map((r) => ({ quCount: r.quCount ?? 0, quScore: r.quScore ?? 0 })),
        quList: fixed.map((q) => ({ score: q.score ?? 0 })),
        drawCount: drawCount ?? 0,
      });

  // Live shortfalls: only when the part is well-formed (the server answers 10010001 otherwise).
  const settledPart = useSettled(part);
  const check = useQuery({
    queryKey: ['exam-check-rules', settledPart],
    queryFn: () => {
      const parsed = examCheckReq.safeParse(settledPart);
      return parsed.success ? call(examApi.checkRules, parsed.data, { quiet: true }) : null;
    },
    enabled: !offline && isWellFormed(settledPart),
    staleTime: 5_000,
    retry: false,
  });

  const submit = async (values: Values) => {
    setSubmitError('');
    setShowRuleErrors(true);
    if (!values.offline && values.paperMethod === 1) {
      const rowErrors = rules.flatMap((r, i) => {
        const repo = queryClient.getQueryData<RepoRecord>(['repo-detail', r.repoId]);
        return ruleRowErrors(r, availableOf(repo, r.quType)).map((e) => `第${i + 1}条规则：${e}`);
      });
      if (rowErrors.length) {
        setSubmitError(rowErrors[0] ?? '');
        return;
      }
    }
    const [start, end] = values.window ?? [null, null];
    const parsed = examSaveReq.safeParse({
      ...(id ? { id } : {}),
      ...values,
      content: values.content ?? '',
      password: values.password ?? '',
      deptCodes: values.openType === 2 ? (values.deptCodes ?? []) : [],
      userIds: values.openType === 3 && !id ? (values.userIds ?? []) : [],
      thanksText: values.thanksText ?? '',
      startTime: start ? start.format(TIME_FORMAT) : null,
      endTime: end ? end.format(TIME_FORMAT) : null,
      totalTime: values.totalTime ?? undefined,
      qualifyScore: values.qualifyScore ?? undefined,
      chance: values.chance ?? 0,
      lateMaxMinutes: values.lateMaxMinutes ?? 0,
      handMinMinutes: values.handMinMinutes ?? 0,
      pointsCost: values.pointsCost ?? 0,
      markDiff: values.markDiff ?? 0,
      camInterval: values.camInterval ?? undefined,
      faceChance: values.faceChance ?? undefined,
      leaveCheck: values.leaveCheck ?? undefined,
      leaveCount: values.leaveCount ?? undefined,
      totalScore: values.offline ? (values.totalScore ?? undefined) : undefined,
      certId: values.certId ?? null,
      ...(values.offline ? { ruleList: [], quList: [], drawCount: 0 } : { ...part }),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const index = typeof issue?.path[1] === 'number' ? issue.path[1] : -1;
      const where = issue?.path[0] === 'ruleList' && index >= 0 ? `第${index + 1}条规则：` : issue?.path[0] === 'quList' && index >= 0 ? `第${index + 1}题：` : '';
      setSubmitError(`${where}${issue?.message ?? '请检查输入'}`);
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
      if (isApiError(err) && err.code > 0) setSubmitError(err.message);
    } finally {
      setSaving(false);
    }
  };

  if (id && detail.isLoading) return <Spin className="page-loading" />;

  const shortfalls = (!offline && check.data?.shortfalls) || [];
  return (
    <Card className="page" title={id ? '修改考试' : '添加考试'}>
      <Form<Values> form={form} layout="vertical" className="exam-form" initialValues={DEFAULTS} onFinish={submit}>
        <Card type="inner" size="small" title="基本信息" className="exam-section">
          <Form.Item name="title" label="考试名称" required rules={[zodRule(examSaveReq.shape.title)]}>
            <Input placeholder="请输入考试名称" maxLength={200} data-testid="exam-title" />
          </Form.Item>
          <Form.Item name="examType" label="考试类型">
            <Radio.Group options={options(EXAM_TYPE_LABEL)} data-testid="exam-type" />
          </Form.Item>
          <Form.Item name="content" label="考试说明（考前须知）" rules={[zodRule(examSaveReq.shape.content)]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} placeholder="考试须知、注意事项等（可选）" maxLength={5000} data-testid="exam-content" />
          </Form.Item>
          <Form.Item name="certId" label="颁发证书（考试通过后自动发放）">
            <CertSelect style={{ maxWidth: 400 }} data-testid="exam-cert" />
          </Form.Item>
        </Card>

        <Card type="inner" size="small" title="考试时间" className="exam-section">
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
            <Form.Item name="chance" label="考试次数（0 为不限）">
              <InputNumber min={0} max={1000} precision={0} style={{ width: 160 }} data-testid="exam-chance" />
            </Form.Item>
            <Form.Item name="lateMaxMinutes" label="最迟开考（开始后分钟，0 不限）" tooltip="考试开始后超过该分钟数不能再进入考试">
              <InputNumber min={0} max={14400} precision={0} style={{ width: 160 }} data-testid="exam-late-max" />
            </Form.Item>
            <Form.Item name="handMinMinutes" label="最早交卷（开考后分钟，0 不限）">
              <InputNumber min={0} max={14400} precision={0} style={{ width: 160 }} data-testid="exam-hand-min" />
            </Form.Item>
          </Space>
        </Card>

        <Card type="inner" size="small" title="开放范围" className="exam-section">
          <Form.Item name="openType" label="开放类型">
            <Radio.Group options={options(OPEN_TYPE_LABEL)} data-testid="exam-open-type" />
          </Form.Item>
          {openType === 9 ? (
            <Form.Item name="password" label="考试密码" required rules={[{ required: true, whitespace: true, message: '请设置考试密码！' }]}>
              <Input.Password maxLength={64} style={{ maxWidth: 300 }} autoComplete="new-password" data-testid="exam-password" />
            </Form.Item>
          ) : null}
          {openType === 2 ? (
            <Form.Item name="deptCodes" label="开放的部门（含下级部门）" required rules={[{ required: true, type: 'array', min: 1, message: '请选择开放的部门！' }]}>
              <TreeSelect<string[]>
                multiple
                allowClear
                treeData={departs.data ?? []}
                loading={departs.isFetching}
                showSearch={{ treeNodeFilterProp: 'title' }}
                placeholder="请选择部门"
                style={{ maxWidth: 500 }}
                data-testid="exam-depts"
              />
            </Form.Item>
          ) : null}
          {openType === 3 ? (
            id ? (
              <Form.Item label="考试人员">
                <UserRefPanel examId={id} />
              </Form.Item>
            ) : (
              <Form.Item name="userIds" label="考试人员">
                <UserSelectField testId="exam-users" />
              </Form.Item>
            )
          ) : null}
          <Space wrap size="large" align="start">
            <Form.Item name="pointsCost" label="参加考试消耗积分（0 免费，补考不再扣）">
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} data-testid="exam-points-cost" />
            </Form.Item>
            <Form.Item name="needApply" label="需要报名审核" valuePropName="checked">
              <Switch data-testid="exam-need-apply" />
            </Form.Item>
          </Space>
        </Card>

        <Card type="inner" size="small" title="组卷方式" className="exam-section">
          <Form.Item name="offline" label="线下考试（纸质考试，成绩录入或导入）" valuePropName="checked">
            <Switch data-testid="exam-offline" />
          </Form.Item>
          {offline ? (
            <Form.Item name="totalScore" label="试卷总分" required>
              <InputNumber min={1} max={100000} precision={0} style={{ width: 160 }} data-testid="exam-offline-total" />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="paperMethod" label="组卷方式">
                <Radio.Group options={options(PAPER_METHOD_LABEL)} data-testid="exam-paper-method" />
              </Form.Item>
              {paperMethod === 1 ? (
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
              ) : (
                <>
                  <Form.Item label={paperMethod === 2 ? '试卷试题' : '抽题题池'} required>
                    <QuListEditor value={fixed} onChange={(next) => { setFixed(next); setSubmitError(''); }} sameScore={paperMethod === 3} />
                  </Form.Item>
                  {paperMethod === 3 ? (
                    <Form.Item name="drawCount" label="每人抽题数量" required>
                      <InputNumber min={1} max={1000} precision={0} style={{ width: 160 }} data-testid="exam-draw-count" />
                    </Form.Item>
                  ) : null}
                </>
              )}
              {shortfalls.length ? (
                <div data-testid="exam-shortfalls">
                  <Alert type="warning" showIcon title="以下组卷条件当前无法满足，保存为启用状态前请调整：" description={shortfalls.map((s) => <div key={`${s.index}-${s.msg}`}>{s.msg}</div>)} style={{ marginBottom: 12 }} />
                </div>
              ) : null}
            </>
          )}
          <div className="exam-total">
            试卷总分：
            <strong data-testid="exam-total-score">{totalScore}</strong> 分
          </div>
        </Card>

        <Card type="inner" size="small" title="成绩与阅卷" className="exam-section">
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
          <Form.Item name="resultShow" label="交卷后显示">
            <Radio.Group options={options(RESULT_SHOW_LABEL)} data-testid="exam-result-show" />
          </Form.Item>
          {resultShow !== 3 ? (
            <Form.Item name="thanksText" label="感谢语">
              <Input maxLength={500} placeholder="例如：感谢您参加本次考试！" data-testid="exam-thanks" />
            </Form.Item>
          ) : null}
          <Form.Item name="partialCredit" label="多选题少选得一半分（选对部分且无错选）" valuePropName="checked">
            <Switch data-testid="exam-partial-credit" />
          </Form.Item>
          <Space wrap size="large" align="start">
            <Form.Item name="markMode" label="主观题阅卷">
              <Radio.Group options={options(MARK_MODE_LABEL)} data-testid="exam-mark-mode" />
            </Form.Item>
            {markMode === 2 ? (
              <Form.Item name="markDiff" label="两评分差超过该值交仲裁">
                <InputNumber min={1} max={1000} precision={0} style={{ width: 160 }} data-testid="exam-mark-diff" />
              </Form.Item>
            ) : null}
          </Space>
        </Card>

        <Card type="inner" size="small" title="防作弊设置" className="exam-section">
          <Space wrap size="large" align="start">
            <Form.Item name="shuffleQu" label="试题乱序" valuePropName="checked">
              <Switch data-testid="exam-shuffle-qu" />
            </Form.Item>
            <Form.Item name="shuffleOption" label="选项乱序" valuePropName="checked">
              <Switch data-testid="exam-shuffle-option" />
            </Form.Item>
            <Form.Item name="pasteOff" label="禁止粘贴" valuePropName="checked">
              <Switch data-testid="exam-paste-off" />
            </Form.Item>
            <Form.Item name="fullscreenOn" label="全屏考试" valuePropName="checked">
              <Switch data-testid="exam-fullscreen" />
            </Form.Item>
            <Form.Item name="faceOn" label="人脸核验" valuePropName="checked">
              <Switch data-testid="exam-face-on" />
            </Form.Item>
            <Form.Item name="camOn" label="摄像头抓拍" valuePropName="checked">
              <Switch data-testid="exam-cam-on" />
            </Form.Item>
            {camOn ? <CameraFields /> : null}
            <Form.Item name="leaveOn" label="切屏监控" valuePropName="checked">
              <Switch data-testid="exam-leave-on" />
            </Form.Item>
            {leaveOn ? (
              <>
                <Form.Item name="leaveCheck" label="离开超过（秒）记一次">
                  <InputNumber min={1} max={3600} precision={0} style={{ width: 120 }} data-testid="exam-leave-check" />
                </Form.Item>
                <Form.Item name="leaveCount" label="允许离开次数">
                  <InputNumber min={0} max={100} precision={0} style={{ width: 120 }} data-testid="exam-leave-count" />
                </Form.Item>
              </>
            ) : null}
          </Space>
        </Card>

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
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          启用状态的考试保存前会检查题库能否满足组卷条件；禁用状态的考试可先保存，启用时再检查。
        </Typography.Paragraph>
      </Form>
    </Card>
  );
}

/** Whether the paper part is complete enough to ask the server (every rule filled, every score set). */
function isWellFormed(p: { paperMethod: number; ruleList: { repoId: string; quType?: number | undefined; quCount?: number | undefined; quScore?: number | undefined }[]; quList: { score?: number | undefined }[]; drawCount: number }): boolean {
  if (p.paperMethod === 1) return p.ruleList.length > 0 && p.ruleList.every((r) => r.repoId && r.quType && r.quCount && r.quScore);
  if (p.quList.length === 0 || p.quList.some((q) => !q.score)) return false;
  return p.paperMethod === 2 || (p.drawCount > 0 && p.drawCount <= p.quList.length);
}
