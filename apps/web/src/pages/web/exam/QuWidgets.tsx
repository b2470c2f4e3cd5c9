/**
 * Answer widgets of the exam page for the types beyond choices (issue 8), loaded only when such a
 * question shows (QuestionPane lazy-loads this module: the exam page's first paint stays within
 * its JS budget, e2e/delivery.e2e.ts). Plain form elements in the exam page's look:
 * - 4 short answer: a textarea (`answer-text`);
 * - 5 fill blank: one input per blank, listed (`blank-{i}`);
 * - 6 matching: a select of the right-hand items per left-hand item (`match-{optionId}`);
 * - 99 combined: each sub-question (`sub-{quId}`) with its content and its own widget (choices as
 *   option rows `option-{id}`), saved under its own quId.
 * Every change goes up as the question's whole answer (`AnswerValue`).
 */
import type { KeyboardEvent } from 'react';
import { QU_TYPE_LABEL, QuType } from '@kaopei/contracts';
import type { PaperSubQu } from '@kaopei/contracts/paper';
import { RichText } from '../../../components/RichText';
import type { AnswerValue } from './useAnswerSaver';

interface Props {
  qu: PaperSubQu & { subList?: PaperSubQu[] };
  /** The learner's current answer of each question shown here (the question itself and its sub-questions), by quId. */
  valueOf: (qu: PaperSubQu) => AnswerValue;
  onChange: (quId: string, value: AnswerValue) => void;
}

export function ChoiceOptions({ qu, chosen, onChange }: { qu: PaperSubQu; chosen: string[]; onChange: (answers: string[]) => void }) {
  const multi = qu.quType === QuType.MULTI;
  const toggle = (id: string) => {
    if (multi) onChange(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]);
    else if (!chosen.includes(id) || chosen.length !== 1) onChange([id]);
  };
  const onKey = (e: KeyboardEvent, id: string) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      toggle(id);
    }
  };
  return (
    <div className="qu-options" role={multi ? 'group' : 'radiogroup'}>
      {qu.answerList.map((o) => {
        const checked = chosen.includes(o.id);
        return (
          <div
            key={o.id}
            className={`qu-option${checked ? ' qu-option-checked' : ''}`}
            role={multi ? 'checkbox' : 'radio'}
            aria-checked={checked}
            tabIndex={0}
            data-testid={`option-${o.id}`}
            data-checked={checked ? 'true' : 'false'}
            onClick={() => toggle(o.id)}
            onKeyDown={(e) => onKey(e, o.id)}
          >
            <span className={`qu-option-mark qu-mark-${multi ? 'checkbox' : 'radio'}${checked ? ' qu-mark-checked' : ''}`} aria-hidden="true" />
            <span className="qu-option-abc">{o.abc}.</span>
            <div className="qu-option-body">
              <RichText html={o.content} />
            </div>
          </div>
        );
      })}
    </div>
  );
}

function TextAnswer({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return <textarea className="qu-text-answer" rows={8} maxLength={20000} placeholder="请输入您的答案" value={value} onChange={(e) => onChange(e.target.value)} data-testid="answer-text" />;
}

function BlankAnswer({ qu, value, onChange }: { qu: PaperSubQu; value: string[]; onChange: (v: string[]) => void }) {
  const blanks = Array.from({ length: qu.blankCount }, (_, i) => value[i] ?? '');
  return (
    <ol className="qu-blanks">
      {blanks.map((b, i) => (
        <li key={i}>
          <input
            className="qu-blank-input"
            aria-label={`第${i + 1}空`}
            placeholder={`第${i + 1}空`}
            maxLength={1000}
            value={b}
            onChange={(e) => onChange(blanks.map((x, j) => (j === i ? e.target.value : x)))}
            data-testid={`blank-${i}`}
          />
        </li>
      ))}
    </ol>
  );
}

function MatchAnswer({ qu, value, onChange }: { qu: PaperSubQu; value: Record<string, string>; onChange: (v: Record<string, string>) => void }) {
  return (
    <table className="qu-match">
      <tbody>
        {qu.answerList.map((o) => (
          <tr key={o.id}>
            <td className="qu-match-left">
              <span className="qu-option-abc">{o.abc}.</span> <RichText html={o.content} />
            </td>
            <td>
              <select
                className="qu-match-select"
                aria-label={`${o.abc} 的匹配项`}
                value={value[o.id] ?? ''}
                onChange={(e) => onChange({ ...value, [o.id]: e.target.value })}
                data-testid={`match-${o.id}`}
              >
                <option value="">请选择</option>
                {qu.rightItems.map((item) => (
                  <option key={item} value={item}>
                    {item}
                  </option>
                ))}
              </select>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The widget of one (sub-)question of type 1–6. */
function OneWidget({ qu, value, onChange }: { qu: PaperSubQu; value: AnswerValue; onChange: (v: AnswerValue) => void }) {
  switch (qu.quType) {
    case QuType.SINGLE:
    case QuType.MULTI:
    case QuType.JUDGE:
      return <ChoiceOptions qu={qu} chosen={value.answers ?? []} onChange={(answers) => onChange({ answers })} />;
    case QuType.SAQ:
      return <TextAnswer value={value.answer ?? ''} onChange={(answer) => onChange({ answer })} />;
    case QuType.FILL:
      return <BlankAnswer qu={qu} value={value.blanks ?? []} onChange={(blanks) => onChange({ blanks })} />;
    case QuType.MATCH:
      return <MatchAnswer qu={qu} value={value.pairs ?? {}} onChange={(pairs) => onChange({ pairs })} />;
    default:
      return <p className="muted">暂不支持该题型！</p>;
  }
}

export default function QuWidgets({ qu, valueOf, onChange }: Props) {
  if (qu.quType !== QuType.MIX) return <OneWidget qu={qu} value={valueOf(qu)} onChange={(v) => onChange(qu.quId, v)} />;
  return (
    <div className="qu-subs">
      {(qu.subList ?? []).map((s, i) => (
        <div key={s.quId} className="qu-sub" data-testid={`sub-${s.quId}`}>
          <div className="qu-sub-head">
            （{i + 1}）<span className="qu-type-tag">{s.quType_dictText || QU_TYPE_LABEL[s.quType]}</span> <span className="qu-score">{s.score} 分</span>
          </div>
          <RichText html={s.content} className="qu-content" />
          <OneWidget qu={s} value={valueOf(s)} onChange={(v) => onChange(s.quId, v)} />
        </div>
      ))}
    </div>
  );
}
