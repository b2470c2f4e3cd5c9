/**
 * Editor of one question draft (qu-form.ts `QuestionDraft`), used by QuForm for the question and for
 * each sub-question of a combined one: type (radio buttons of `types`), level, rich-text content,
 * image url, the answer part of the type (choices: OptionsEditor; 4/5/6: TypeEditors), rich-text
 * analysis; for 99 the sub-question list (add of any type 1–6, move up/down, remove, each in its own
 * card). `testPrefix` names the data-testids: `qu` for the question, `qu-sub-{s}` for sub-question s.
 */
import { Button, Card, Form, Input, Popconfirm, Radio, Select, Space, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { QU_LEVEL_LABEL, QU_TYPE_LABEL, QuType } from '@kaopei/contracts';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { OptionsEditor } from './OptionsEditor';
import { newDraft, SUB_QU_TYPES, switchType, type QuestionDraft } from './qu-form';
import { BlankEditor, MatchEditor, SaqEditor } from './TypeEditors';

interface Props {
  value: QuestionDraft;
  onChange: (next: QuestionDraft) => void;
  types: readonly number[];
  testPrefix: string;
}

const LEVEL_OPTIONS = Object.entries(QU_LEVEL_LABEL).map(([v, l]) => ({ value: Number(v), label: l }));
const ANSWER_LABEL: Record<number, string> = { 1: '选项', 2: '选项', 3: '选项', 4: '参考答案', 5: '填空答案', 6: '配对', 99: '小题' };

export function QuestionEditor({ value: d, onChange, types, testPrefix: p }: Props) {
  const set = (change: Partial<QuestionDraft>) => onChange({ ...d, ...change });
  const moveSub = (i: number, by: number) => {
    const subs = [...d.subs];
    const [one] = subs.splice(i, 1);
    if (one) subs.splice(i + by, 0, one);
    set({ subs });
  };

  let answerPart: React.ReactNode;
  if (d.quType === QuType.SINGLE || d.quType === QuType.MULTI || d.quType === QuType.JUDGE) {
    answerPart = <OptionsEditor quType={d.quType} value={d.options} onChange={(options) => set({ options })} testPrefix={p} />;
  } else if (d.quType === QuType.FILL) {
    answerPart = <BlankEditor content={d.content} value={d.options} onChange={(options) => set({ options })} opts={d.blankOpts} onOptsChange={(blankOpts) => set({ blankOpts })} testPrefix={p} />;
  } else if (d.quType === QuType.MATCH) {
    answerPart = <MatchEditor value={d.options} onChange={(options) => set({ options })} testPrefix={p} />;
  } else if (d.quType === QuType.SAQ) {
    answerPart = <SaqEditor answer={d.answer} onAnswerChange={(answer) => set({ answer })} keywords={d.keywords} onKeywordsChange={(keywords) => set({ keywords })} testPrefix={p} />;
  } else {
    answerPart = (
      <div className="sub-list">
        {d.subs.map((s, i) => (
          <Card
            key={s.key}
            size="small"
            className="sub-card"
            data-testid={`${p}-sub-${i}`}
            title={`第${i + 1}小题`}
            extra={
              <Space size={0}>
                <Tooltip title="上移">
                  <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label="上移" disabled={i === 0} onClick={() => moveSub(i, -1)} />
                </Tooltip>
                <Tooltip title="下移">
                  <Button type="text" size="small" icon={<ArrowDownOutlined />} aria-label="下移" disabled={i === d.subs.length - 1} onClick={() => moveSub(i, 1)} />
                </Tooltip>
                <Popconfirm title="确实要删除该小题吗?" onConfirm={() => set({ subs: d.subs.filter((_, j) => j !== i) })} okText="确定" cancelText="取消">
                  <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label="删除小题" />
                </Popconfirm>
              </Space>
            }
          >
            <QuestionEditor value={s} onChange={(next) => set({ subs: d.subs.map((x, j) => (j === i ? next : x)) })} types={SUB_QU_TYPES} testPrefix={`qu-sub-${i}`} />
          </Card>
        ))}
        <Space wrap>
          <span>添加小题：</span>
          <div data-testid={`${p}-sub-add`}>
            <Select
              placeholder="选择小题类型"
              style={{ width: 160 }}
              value={null}
              options={SUB_QU_TYPES.map((t) => ({ value: t, label: QU_TYPE_LABEL[t], 'data-testid': `${p}-sub-add-${t}` }))}
              onChange={(t: number) => set({ subs: [...d.subs, newDraft(t)] })}
              suffixIcon={<PlusOutlined />}
            />
          </div>
        </Space>
      </div>
    );
  }

  return (
    <div className="question-editor">
      <Form.Item label="题目类型" required>
        <Radio.Group value={d.quType} onChange={(e) => onChange(switchType(d, Number(e.target.value)))} data-testid={`${p}-type`}>
          {types.map((t) => (
            <Radio.Button key={t} value={t}>
              {QU_TYPE_LABEL[t]}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item label="难度" required>
        <Radio.Group value={d.level} options={LEVEL_OPTIONS} onChange={(e) => set({ level: Number(e.target.value) })} />
      </Form.Item>
      <Form.Item label={d.quType === QuType.MIX ? '题干（材料）' : '题目内容'} required extra={d.quType === QuType.FILL ? '用 ____（三个或以上下划线）标出每个空的位置' : undefined}>
        <RichTextEditor value={d.content} onChange={(content) => set({ content })} placeholder="请输入题目内容" minHeight={p === 'qu' ? 120 : 60} testId={`${p}-content-input`} />
      </Form.Item>
      <Form.Item label="题目图片地址">
        <Input value={d.image} onChange={(e) => set({ image: e.target.value })} placeholder="https://…（可选）" />
      </Form.Item>
      <Form.Item label={ANSWER_LABEL[d.quType]} required={d.quType !== QuType.SAQ}>
        {answerPart}
      </Form.Item>
      <Form.Item label="整体解析">
        <RichTextEditor value={d.analysis} onChange={(analysis) => set({ analysis })} placeholder="请输入试题解析（可选）" minHeight={60} testId={`${p}-analysis`} />
      </Form.Item>
    </div>
  );
}
