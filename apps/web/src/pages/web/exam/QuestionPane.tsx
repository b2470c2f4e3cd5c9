/**
 * Question pane of the exam page: type, score, content (sanitised HTML or text), image and options
 * labelled by `abc` (radio behaviour for types 1 and 3, checkbox for type 2); the other types'
 * widgets (short answer, fill blank, matching, combined) come from ./QuWidgets, loaded lazily. Each option element
 * (`option-{id}`) is clickable and keyboard-operable. Shows the save state of this question
 * (待发送 → 保存中 → 已保存, or 保存失败 with 重试), a 标记 toggle (marked difficult, `qu-mark-{quId}`)
 * and, for a combined question, 固定题干 (`qu-pin-{quId}`): the stem stays in view (sticky below the
 * exam bar) while the learner answers its sub-questions.
 *
 * Part of the exam page's first paint, so drawn with plain elements in the look of the antd parts
 * it used (./lite.tsx, styles.css): the head row (Space), the type tag (a blue Tag), the option
 * marks (Radio / Checkbox; decorative, the option element carries role and aria-checked) and option
 * images (an Image without preview).
 * The question image keeps antd Image (hover mask, click to preview), loaded with the first
 * question that has one; the same image in the same box shows meanwhile.
 */
import { Suspense, useState, type KeyboardEvent } from 'react';
import { Button } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, ExclamationCircleOutlined, FlagOutlined, LoadingOutlined, PushpinOutlined } from '@ant-design/icons';
import { QU_TYPE_LABEL, QuType } from '@kaopei/contracts';
import { type PaperQuDetail, type PaperSubQu } from '@kaopei/contracts/paper';
import { RichText } from '../../../components/RichText';
import { lazyPart } from '../../../utils/lazy-part';
import { LiteImage, LiteSpace } from './lite';
import type { AnswerValue, SaveState } from './useAnswerSaver';

interface Props {
  qu: PaperQuDetail;
  index: number;
  /** The learner's current answer of a question shown here (this one or one of its sub-questions). */
  valueOf: (qu: PaperSubQu) => AnswerValue;
  saveState: SaveState | undefined;
  answered: boolean;
  onChange: (quId: string, value: AnswerValue) => void;
  onRetry: () => void;
  /** Marked difficult (标记) by the learner (the exam; training has no marks). */
  marked?: boolean;
  onToggleMark?: () => void;
  /** Bank training (pages/web/repo): no score, no save state and no 标记 in the head. */
  plain?: boolean;
}

/**
 * The widgets of short answer, fill blank, matching and combined questions (./QuWidgets.tsx),
 * loaded when such a question first shows, outside the first paint's budget.
 */
const QuWidgets = lazyPart(() => import('./QuWidgets'), () => <p className="muted">题目加载失败，请刷新页面后重试！</p>);

const SAVE_TEXT: Record<SaveState, string> = { queued: '待发送', saving: '保存中…', saved: '已保存', error: '保存失败，请重试' };

/** antd Image (hover mask, click to preview); the plain image if it cannot be loaded. */
const PreviewImage = lazyPart(() => import('antd/es/image'), ({ src = '', className = '' }) => <LiteImage src={src} className={className} />);

/** The question image: antd Image with preview once loaded, the plain image until then. */
function QuImage({ src }: { src: string }) {
  return (
    <Suspense fallback={<LiteImage src={src} className="qu-image" />}>
      <PreviewImage src={src} className="qu-image" />
    </Suspense>
  );
}

function SaveBadge({ state, answered, onRetry }: { state: SaveState | undefined; answered: boolean; onRetry: () => void }) {
  const effective: SaveState | 'none' = state ?? (answered ? 'saved' : 'none');
  const icon = { saving: <LoadingOutlined />, queued: <ClockCircleOutlined />, saved: <CheckCircleOutlined />, error: <ExclamationCircleOutlined />, none: null }[effective];
  return (
    <span className={`save-state save-state-${effective}`} role="status" aria-live="polite">
      {icon} <span data-testid="save-state">{effective === 'none' ? '未作答' : SAVE_TEXT[effective]}</span>
      {effective === 'error' ? (
        <Button size="small" type="link" danger onClick={onRetry} data-testid="save-retry">
          重试
        </Button>
      ) : null}
    </span>
  );
}

export function QuestionPane({ qu, index, valueOf, saveState, answered, onChange, onRetry, marked = false, onToggleMark, plain = false }: Props) {
  const [pinned, setPinned] = useState(false);
  const combined = qu.quType === QuType.MIX;
  const multi = qu.quType === QuType.MULTI;
  const choice = qu.quType === QuType.SINGLE || multi || qu.quType === QuType.JUDGE;
  const chosen = valueOf(qu).answers ?? [];

  const toggle = (optionId: string) => {
    if (multi) onChange(qu.quId, { answers: chosen.includes(optionId) ? chosen.filter((c) => c !== optionId) : [...chosen, optionId] });
    else if (!chosen.includes(optionId) || chosen.length !== 1) onChange(qu.quId, { answers: [optionId] });
  };
  const onKey = (e: KeyboardEvent, optionId: string) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      toggle(optionId);
    }
  };

  return (
    <div className="qu-pane">
      <div className="qu-pane-head">
        <LiteSpace className="qu-pane-info">
          <span className="qu-index">第 {index} 题</span>
          <span className="qu-type-tag">{qu.quType_dictText || QU_TYPE_LABEL[qu.quType]}</span>
          {plain ? null : <span className="qu-score">{qu.score} 分</span>}
        </LiteSpace>
        <LiteSpace className="qu-pane-tools">
          {plain ? null : <SaveBadge state={saveState} answered={answered} onRetry={onRetry} />}
          {combined ? (
            <Button size="small" type={pinned ? 'primary' : 'default'} icon={<PushpinOutlined />} aria-pressed={pinned} onClick={() => setPinned((p) => !p)} data-testid={`qu-pin-${qu.quId}`}>
              {pinned ? '取消固定' : '固定题干'}
            </Button>
          ) : null}
          {plain || !onToggleMark ? null : (
            <Button size="small" danger={marked} icon={<FlagOutlined />} aria-pressed={marked} onClick={onToggleMark} data-testid={`qu-mark-${qu.quId}`}>
              {marked ? '取消标记' : '标记'}
            </Button>
          )}
        </LiteSpace>
      </div>
      <div className={`qu-stem${pinned ? ' qu-stem-pinned' : ''}`} data-testid={`qu-stem-${qu.quId}`}>
        <RichText html={qu.content} className="qu-content" data-testid="qu-content" />
        {qu.image ? <QuImage src={qu.image} /> : null}
      </div>
      {!choice ? (
        <Suspense fallback={<div className="qu-widget-loading">加载中…</div>}>
          <QuWidgets qu={qu} valueOf={valueOf} onChange={onChange} />
        </Suspense>
      ) : null}
      <div className="qu-options" role={multi ? 'group' : 'radiogroup'} hidden={!choice}>
        {(choice ? qu.answerList : []).map((o) => {
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
                {o.image ? <LiteImage src={o.image} className="qu-option-image" /> : null}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
