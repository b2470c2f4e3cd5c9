/**
 * Options editor of the question form: one row per option (letter A–Z, right-answer mark — a radio for
 * single choice and true/false, a checkbox for multiple choice — content, analysis, image url),
 * with add and remove. Up to 26 options (contracts quSaveReq).
 */
import { Button, Checkbox, Input, Radio, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { abcOf, QuType } from '@kaopei/contracts';

export interface OptionDraft {
  key: string;
  id?: string;
  content: string;
  isRight: boolean;
  analysis: string;
  image: string;
}

let seq = 0;
export function newOption(content = ''): OptionDraft {
  seq += 1;
  return { key: `opt-${Date.now()}-${seq}`, content, isRight: false, analysis: '', image: '' };
}

interface Props {
  quType: number;
  value: OptionDraft[];
  onChange: (next: OptionDraft[]) => void;
}

export function OptionsEditor({ quType, value, onChange }: Props) {
  const single = quType !== QuType.MULTI;
  const judge = quType === QuType.JUDGE;

  const patch = (index: number, change: Partial<OptionDraft>) => onChange(value.map((o, i) => (i === index ? { ...o, ...change } : o)));
  const markRight = (index: number, checked: boolean) =>
    onChange(value.map((o, i) => (i === index ? { ...o, isRight: checked } : single && checked ? { ...o, isRight: false } : o)));

  return (
    <div className="options-editor">
      {value.map((o, i) => (
        <div className="option-row" key={o.key} data-testid={`qu-option-${i}`}>
          <div className="option-head">
            <span className="option-letter">{abcOf(i)}</span>
            {single ? (
              <Radio checked={o.isRight} onChange={(e) => markRight(i, e.target.checked)} data-testid={`qu-option-right-${i}`}>
                正确答案
              </Radio>
            ) : (
              <Checkbox checked={o.isRight} onChange={(e) => markRight(i, e.target.checked)} data-testid={`qu-option-right-${i}`}>
                正确答案
              </Checkbox>
            )}
            {!judge ? (
              <Tooltip title="删除选项">
                <Button type="text" danger size="small" icon={<DeleteOutlined />} onClick={() => onChange(value.filter((_, j) => j !== i))} aria-label="删除选项" />
              </Tooltip>
            ) : null}
          </div>
          <Input.TextArea
            autoSize={{ minRows: 1, maxRows: 6 }}
            placeholder="选项内容"
            value={o.content}
            maxLength={5000}
            onChange={(e) => patch(i, { content: e.target.value })}
            data-testid={`qu-option-content-${i}`}
          />
          <div className="option-extra">
            <Input placeholder="选项解析（可选）" value={o.analysis} onChange={(e) => patch(i, { analysis: e.target.value })} />
            <Input placeholder="选项图片地址（可选）" value={o.image} onChange={(e) => patch(i, { image: e.target.value })} />
          </div>
        </div>
      ))}
      {!judge && value.length < 26 ? (
        <Button type="dashed" block icon={<PlusOutlined />} onClick={() => onChange([...value, newOption()])} data-testid="qu-option-add">
          添加选项
        </Button>
      ) : null}
    </div>
  );
}
