/**
 * /admin/exam/qu/add and /admin/exam/qu/update/:id — question form (SPEC §3 Question): bank, type
 * (单选/多选/判断; switching to 判断 pre-fills 正确/错误), level, content, analysis, image url and the
 * options editor. Field rules come from contracts `quSaveReq`; before submitting, the business rules
 * of `questionRuleErrors` are checked and shown. Saves through /api/qu/qu/save.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Image, Input, Radio, Space, Spin } from 'antd';
import { QU_LEVEL_LABEL, QU_TYPE_LABEL, QuType, SUPPORTED_QU_TYPES } from '@kaopei/contracts';
import { quApi, type QuDetail, questionRuleErrors, quSaveReq } from '@kaopei/contracts/qu';
import { call } from '../../../api/request';
import { RepoSelect } from '../../../components/RepoSelect';
import { zodRule } from '../../../utils/zod-rule';
import { goBack } from '../../../utils/nav';
import { OptionsEditor, newOption, type OptionDraft } from './OptionsEditor';

interface Values {
  repoId?: string;
  quType: number;
  level: number;
  content: string;
  analysis?: string;
  image?: string;
}

const judgeOptions = () => [newOption('正确'), newOption('错误')];
const blankOptions = () => [newOption(), newOption(), newOption(), newOption()];

export default function QuForm() {
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const quType = Form.useWatch('quType', form) ?? QuType.SINGLE;
  const image = Form.useWatch('image', form);
  const [options, setOptions] = useState<OptionDraft[]>(blankOptions);
  const [ruleErrors, setRuleErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const detail = useQuery({ queryKey: ['qu-detail', id], queryFn: () => call(quApi.detail, { id: id ?? '' }), enabled: Boolean(id) });
  const [loadedFor, setLoadedFor] = useState<QuDetail | null>(null);

  useEffect(() => {
    const d = detail.data;
    if (!d || loadedFor === d) return;
    setLoadedFor(d);
    form.setFieldsValue({ repoId: d.repoId, quType: d.quType, level: d.level, content: d.content, analysis: d.analysis, image: d.image });
    setOptions(d.answerList.map((a) => ({ ...newOption(a.content), id: a.id, isRight: a.isRight, analysis: a.analysis, image: a.image })));
  }, [detail.data, loadedFor, form]);

  const onTypeChange = (next: number) => {
    setRuleErrors([]);
    if (next === QuType.JUDGE) setOptions(judgeOptions());
    else if (quType === QuType.JUDGE) setOptions(blankOptions());
    else if (next === QuType.SINGLE && options.filter((o) => o.isRight).length > 1) setOptions(options.map((o) => ({ ...o, isRight: false })));
  };

  const submit = async (values: Values) => {
    const answerList = options.map((o) => ({ ...(o.id ? { id: o.id } : {}), content: o.content.trim(), isRight: o.isRight, analysis: o.analysis, image: o.image.trim() }));
    const errors = questionRuleErrors({ quType: values.quType, answerList });
    setRuleErrors(errors);
    if (errors.length) return;
    const parsed = quSaveReq.safeParse({
      ...(id ? { id } : {}),
      repoId: values.repoId ?? '',
      quType: values.quType,
      level: values.level,
      content: values.content,
      analysis: values.analysis ?? '',
      image: (values.image ?? '').trim(),
      answerList,
    });
    if (!parsed.success) {
      setRuleErrors(parsed.error.issues.map((i) => i.message));
      return;
    }
    setSaving(true);
    try {
      await call(quApi.save, parsed.data);
      message.success('操作成功！');
      void queryClient.invalidateQueries({ queryKey: ['qu-paging'] });
      void queryClient.invalidateQueries({ queryKey: ['qu-detail'] });
      void queryClient.invalidateQueries({ queryKey: ['repo-paging'] });
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
        initialValues={{ quType: QuType.SINGLE, level: 1, repoId: searchParams.get('repoId') ?? undefined }}
        onFinish={submit}
      >
        <Form.Item name="repoId" label="所属题库" required rules={[zodRule(quSaveReq.shape.repoId, { empty: '' })]}>
          <RepoSelect style={{ maxWidth: 400 }} />
        </Form.Item>
        <Form.Item name="quType" label="题目类型" required>
          <Radio.Group onChange={(e) => onTypeChange(Number(e.target.value))} data-testid="qu-type">
            {SUPPORTED_QU_TYPES.map((t) => (
              <Radio.Button key={t} value={t}>
                {QU_TYPE_LABEL[t]}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="level" label="难度" required>
          <Radio.Group options={Object.entries(QU_LEVEL_LABEL).map(([v, l]) => ({ value: Number(v), label: l }))} />
        </Form.Item>
        <Form.Item name="content" label="题目内容" required rules={[zodRule(quSaveReq.shape.content)]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} placeholder="请输入题目内容（支持HTML）" data-testid="qu-content-input" />
        </Form.Item>
        <Form.Item name="image" label="题目图片地址" rules={[zodRule(quSaveReq.shape.image)]}>
          <Input placeholder="https://…（可选）" />
        </Form.Item>
        {image ? <Image src={image} height={100} className="qu-image-preview" /> : null}
        <Form.Item label="选项" required>
          <OptionsEditor quType={quType} value={options} onChange={(next) => { setOptions(next); setRuleErrors([]); }} />
        </Form.Item>
        <Form.Item name="analysis" label="整体解析" rules={[zodRule(quSaveReq.shape.analysis)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 10 }} placeholder="请输入试题解析（可选）" />
        </Form.Item>
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
