/**
 * The training answer card: one button per question (`train-card-{quId}`), green when answered
 * right, red when wrong (blue once seen in memorise mode), outlined for the current one.
 */
import { Button } from 'antd';
import type { TrainCardQu } from '@kaopei/contracts/train';

export function TrainCard({ quList, currentId, scored, onPick }: { quList: TrainCardQu[]; currentId: string; scored: boolean; onPick: (quId: string) => void }) {
  const done = quList.filter((q) => q.answered).length;
  const right = quList.filter((q) => q.isRight).length;
  return (
    <div className="answer-card">
      <div className="answer-group-title">
        答题卡<span className="answer-group-meta">（已答 {done}/{quList.length}{scored ? `，答对 ${right}` : ''}）</span>
      </div>
      <div className="answer-group-items">
        {quList.map((q) => {
          const current = q.quId === currentId;
          const state = !q.answered ? 'todo' : !scored ? 'seen' : q.isRight ? 'right' : 'wrong';
          return (
            <Button
              key={q.quId}
              size="small"
              type={q.answered ? 'primary' : 'default'}
              danger={state === 'wrong'}
              style={state === 'right' ? { background: '#52c41a', borderColor: '#52c41a' } : undefined}
              className={`card-qu${current ? ' card-qu-current' : ''}`}
              aria-current={current ? 'true' : undefined}
              data-testid={`train-card-${q.quId}`}
              data-state={state}
              onClick={() => onPick(q.quId)}
            >
              {q.sort}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
