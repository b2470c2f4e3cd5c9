/**
 * Choice options of the question form (types 1 single, 2 multiple, 3 true/false): one row per option
 * (letter A–Z, right-answer mark — a radio for single choice and true/false, a checkbox for multiple
 * choice — rich-text content, analysis, image url), with add and remove. Up to 26 options
 * (contracts quSaveReq). `testPrefix` names the data-testids (`qu` for the question, `qu-sub-{s}`
 * for a sub-question).
 */
import { Button, Checkbox, Input, Radio, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { abcOf, QuType } from '@kaopei/contracts';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { newOption, type OptionDraft } from './qu-form';

interface Props {
  quType: number;
  value: OptionDraft[];
  onChange: (next: OptionDraft[]) => void;
  testPrefix?: string;
}

export function OptionsEditor({ quType, value, onChange, testPrefix = 'qu' }: Props) {
  const single = quType !== QuType.MULTI;
  const judge = quType === QuType.JUDGE;
  const p = testPrefix;

  const patch = (index: number, change: Partial<OptionDraft>) => onChange(value.map((o, i) => (i === index ? { ...o, ...change } : o)));
  const markRight = (index: number, checked: boolean) =>
    onChange(value.map((o, i) => (i === index ? { ...o, isRight: checked } : single && checked ? { ...o, isRight: false } : o)));

  return (
    <div className="options-editor">
      {value.map((o, i) => (
        <div className="option-row" key={o.key} data-testid={`${p}-option-${i}`}>
          <div className="option-head">
            <span className="option-letter">{abcOf(i)}</span>
            {single ? (
              <Radio checked={o.isRight} onChange={(e) => markRight(i, e.target.checked)} data-testid={`${p}-option-right-${i}`}>
                正确答案
              </Radio>
            ) : (
              <Checkbox checked={o.isRight} onChange={(e) => markRight(i, e.target.checked)} data-testid={`${p}-option-right-${i}`}>
                正确答案
              </Checkbox>
            )}
            {!judge ? (
              <Tooltip title="删除选项">
                <Button type="text" danger size="small" icon={<DeleteOutlined />} onClick={() => onChange(value.filter((_, j) => j !== i))} aria-label="删除选项" />
              </Tooltip>
            ) : null}
          </div>
          <RichTextEditor value={o.content} onChange={(html) => patch(i, { content: html })} placeholder="选项内容" minHeight={36} testId={`${p}-option-content-${i}`} />
          <div className="option-extra">
            <Input placeholder="选项解析（可选）" value={o.analysis} onChange={(e) => patch(i, { analysis: e.target.value })} />
            <Input placeholder="选项图片地址（可选）" value={o.image} onChange={(e) => patch(i, { image: e.target.value })} />
          </div>
        </div>
      ))}
      {!judge && value.length < 26 ? (
        <Button type="dashed" block icon={<PlusOutlined />} onClick={() => onChange([...value, newOption()])} data-testid={`${p}-option-add`}>
          添加选项
        </Button>
      ) : null}
    </div>
  );
}
