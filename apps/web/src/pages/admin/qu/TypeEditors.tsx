/**
 * The answer editors of the question form for types 4, 5 and 6 (SPEC §4; storage in
 * docs/decisions.md issue 8):
 * - BlankEditor (5 fill blank): one row per blank (第N空) with its accepted alternatives as tags
 *   (type one and press Enter, or separate with |), the three comparison options (忽略大小写,
 *   全角半角视为相同, 各空答案可交换顺序) and a button that makes as many blanks as the content has
 *   ____ marks;
 * - MatchEditor (6 matching): pairs (left-hand item → right-hand item) and distractors (a right-hand
 *   item nobody matches);
 * - SaqEditor (4 short answer): the reference answer (rich text) and the optional keywords with
 *   their points for the pre-score.
 * `testPrefix` names the data-testids (`qu` or `qu-sub-{s}`).
 */
import { Button, Checkbox, Input, InputNumber, Select, Space, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { BlankOpts } from '@kaopei/contracts/qu';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { alternativesOf, countBlankMarks, fitBlanks, newKeyword, newOption, rightItems, withAlternatives, type KeywordDraft, type OptionDraft } from './qu-form';

interface BlankProps {
  content: string;
  value: OptionDraft[];
  onChange: (next: OptionDraft[]) => void;
  opts: BlankOpts;
  onOptsChange: (next: BlankOpts) => void;
  testPrefix: string;
}

export function BlankEditor({ content, value, onChange, opts, onOptsChange, testPrefix: p }: BlankProps) {
  const marks = countBlankMarks(content);
  return (
    <div className="options-editor">
      {value.map((o, i) => (
        <div className="option-row" key={o.key} data-testid={`${p}-blank-${i}`}>
          <div className="option-head">
            <span className="option-letter">第{i + 1}空</span>
            <Tooltip title="删除此空">
              <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label="删除此空" disabled={value.length <= 1} onClick={() => onChange(value.filter((_, j) => j !== i))} />
            </Tooltip>
          </div>
          <div data-testid={`${p}-blank-answers-${i}`}>
            <Select
              mode="tags"
              open={false}
              suffixIcon={null}
              tokenSeparators={['|']}
              value={alternativesOf(o)}
              onChange={(list: string[]) => onChange(value.map((x, j) => (j === i ? withAlternatives(x, list) : x)))}
              placeholder="输入答案后回车；多个可接受答案用 | 分隔"
              style={{ width: '100%' }}
            />
          </div>
        </div>
      ))}
      <Space wrap>
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => onChange([...value, newOption()])} data-testid={`${p}-blank-add`}>
          添加空
        </Button>
        <Button onClick={() => onChange(fitBlanks(value, marks))} disabled={marks === 0 || marks === value.length} data-testid={`${p}-blank-fit`}>
          按题干中的空（{marks}个）生成
        </Button>
      </Space>
      <div className="blank-opts">
        <Checkbox checked={opts.ignoreCase} onChange={(e) => onOptsChange({ ...opts, ignoreCase: e.target.checked })} data-testid={`${p}-blank-ignore-case`}>
          忽略大小写
        </Checkbox>
        <Checkbox checked={opts.fullHalf} onChange={(e) => onOptsChange({ ...opts, fullHalf: e.target.checked })} data-testid={`${p}-blank-full-half`}>
          全角半角视为相同
        </Checkbox>
        <Checkbox checked={opts.anyOrder} onChange={(e) => onOptsChange({ ...opts, anyOrder: e.target.checked })} data-testid={`${p}-blank-any-order`}>
          各空答案可交换顺序
        </Checkbox>
      </div>
    </div>
  );
}

interface MatchProps {
  value: OptionDraft[];
  onChange: (next: OptionDraft[]) => void;
  testPrefix: string;
}

export function MatchEditor({ value, onChange, testPrefix: p }: MatchProps) {
  const patch = (i: number, change: Partial<OptionDraft>) => onChange(value.map((o, j) => (j === i ? { ...o, ...change } : o)));
  const rows = value.map((o, i) => ({ o, i }));
  const pairs = rows.filter(({ o }) => !o.distractor);
  const distractors = rows.filter(({ o }) => o.distractor);
  const items = rightItems(value);
  return (
    <div className="options-editor">
      {pairs.map(({ o, i }, n) => (
        <div className="match-row" key={o.key} data-testid={`${p}-pair-${n}`}>
          <span className="option-letter">{n + 1}</span>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} placeholder="左侧项（题目）" value={o.content} onChange={(e) => patch(i, { content: e.target.value })} data-testid={`${p}-pair-left-${n}`} />
          <span className="match-arrow">→</span>
          <Input placeholder="右侧项（答案）" value={o.answer} onChange={(e) => patch(i, { answer: e.target.value })} data-testid={`${p}-pair-right-${n}`} />
          <Tooltip title="删除配对">
            <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label="删除配对" onClick={() => onChange(value.filter((_, j) => j !== i))} />
          </Tooltip>
        </div>
      ))}
      {distractors.map(({ o, i }, n) => (
        <div className="match-row" key={o.key} data-testid={`${p}-distractor-${n}`}>
          <span className="option-letter">干扰</span>
          <Input placeholder="干扰项（没有左侧项与之配对的右侧项）" value={o.answer} onChange={(e) => patch(i, { answer: e.target.value })} data-testid={`${p}-distractor-input-${n}`} />
          <Tooltip title="删除干扰项">
            <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label="删除干扰项" onClick={() => onChange(value.filter((_, j) => j !== i))} />
          </Tooltip>
        </div>
      ))}
      <Space wrap>
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => onChange([...pairs.map((r) => r.o), newOption(), ...distractors.map((r) => r.o)])} data-testid={`${p}-pair-add`}>
          添加配对
        </Button>
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => onChange([...value, newOption('', { distractor: true })])} data-testid={`${p}-distractor-add`}>
          添加干扰项
        </Button>
      </Space>
      {items.length ? <Typography.Text type="secondary">考生可选的右侧项：{items.join('、')}</Typography.Text> : null}
    </div>
  );
}

interface SaqProps {
  answer: string;
  onAnswerChange: (html: string) => void;
  keywords: KeywordDraft[];
  onKeywordsChange: (next: KeywordDraft[]) => void;
  testPrefix: string;
}

export function SaqEditor({ answer, onAnswerChange, keywords, onKeywordsChange, testPrefix: p }: SaqProps) {
  const patch = (i: number, change: Partial<KeywordDraft>) => onKeywordsChange(keywords.map((k, j) => (j === i ? { ...k, ...change } : k)));
  return (
    <div className="options-editor">
      <RichTextEditor value={answer} onChange={onAnswerChange} placeholder="参考答案（阅卷时显示，可选）" minHeight={80} testId={`${p}-saq-answer`} />
      <Typography.Text type="secondary">关键词预评分（可选）：考生答案每命中一个关键词得对应分数，阅卷人确认后生效。</Typography.Text>
      {keywords.map((k, i) => (
        <Space key={k.key} data-testid={`${p}-keyword-${i}`}>
          <Input placeholder="关键词" value={k.word} maxLength={100} onChange={(e) => patch(i, { word: e.target.value })} data-testid={`${p}-keyword-word-${i}`} />
          <InputNumber placeholder="分值" min={0.5} max={1000} step={0.5} value={k.score} onChange={(v) => patch(i, { score: v })} data-testid={`${p}-keyword-score-${i}`} />
          <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label="删除关键词" onClick={() => onKeywordsChange(keywords.filter((_, j) => j !== i))} />
        </Space>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} onClick={() => onKeywordsChange([...keywords, newKeyword()])} data-testid={`${p}-keyword-add`}>
        添加关键词
      </Button>
    </div>
  );
}
