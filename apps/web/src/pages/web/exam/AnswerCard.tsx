/**
 * Answer card of the exam page: one block per group (title, count, score), a button per question
 * numbered by `sort`; answered ones are highlighted, the current one outlined.
 */
import { Button } from 'antd';
import type { PaperDetail } from '@kaopei/contracts/paper';

interface Props {
  groups: PaperDetail['groupList'];
  currentId: string | undefined;
  isAnswered: (quId: string) => boolean;
  onPick: (quId: string) => void;
}

export function AnswerCard({ groups, currentId, isAnswered, onPick }: Props) {
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
                const done = isAnswered(q.quId);
                const current = q.quId === currentId;
                return (
                  <Button
                    key={q.quId}
                    size="small"
                    type={done ? 'primary' : 'default'}
                    className={`card-qu${current ? ' card-qu-current' : ''}${done ? ' card-qu-answered' : ''}`}
                    aria-current={current ? 'true' : undefined}
                    data-testid={`card-qu-${q.quId}`}
                    data-answered={done ? 'true' : 'false'}
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
      </div>
    </div>
  );
}
