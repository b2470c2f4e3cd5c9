/**
 * Answer card of the exam page: one block per group (title, count, score), a button per question
 * numbered by `sort`. Each button shows the question's state (./exam-prefs.ts `cardState`):
 * answered (filled), current (outlined), 标记 marked difficult (a flag corner, `data-marked`) and
 * 待发送 an answer still queued or on the wire (a dot, `data-queued`); a legend explains them.
 */
import { Button } from 'antd';
import type { PaperDetail } from '@kaopei/contracts/paper';
import { cardClass, type CardState } from './exam-prefs';

interface Props {
  groups: PaperDetail['groupList'];
  /** The card state of a question. */
  stateOf: (quId: string) => CardState;
  onPick: (quId: string) => void;
}

export function AnswerCard({ groups, stateOf, onPick }: Props) {
  return (
    <div className="answer-card">
      {groups.map((g) => (
        <div className="answer-group" key={g.id}>
          <div className="answer-group-title">
            {g.title}
            <span className="answer-group-meta">
              （共{g.quCount}题，每题{g.perScore}分，共{g.totalScore}分）
            </span>
          </div>
          <div className="answer-group-items">
            {[...g.quList]
              .sort((a, b) => a.sort - b.sort)
              .map((q) => {
                const s = stateOf(q.quId);
                return (
                  <Button
                    key={q.quId}
                    size="small"
                    type={s.answered ? 'primary' : 'default'}
                    className={cardClass(s)}
                    aria-current={s.current ? 'true' : undefined}
                    aria-label={`第${q.sort}题${s.answered ? '，已答' : '，未答'}${s.marked ? '，已标记' : ''}${s.queued ? '，待发送' : ''}`}
                    data-testid={`card-qu-${q.quId}`}
                    data-answered={s.answered ? 'true' : 'false'}
                    data-marked={s.marked ? 'true' : 'false'}
                    data-queued={s.queued ? 'true' : 'false'}
                    onClick={() => onPick(q.quId)}
                  >
                    {q.sort}
                  </Button>
                );
              })}
          </div>
        </div>
      ))}
      <div className="answer-legend">
        <span className="legend-item legend-answered" />已答
        <span className="legend-item legend-todo" />未答
        <span className="legend-item legend-current" />当前
        <span className="legend-item legend-marked" />标记
        <span className="legend-item legend-queued" />待发送
      </div>
    </div>
  );
}
