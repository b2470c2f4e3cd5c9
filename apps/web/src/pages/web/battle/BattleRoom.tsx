/**
 * /web/battle/room/:id — a battle room (issue 10 "Answer battles"): the lobby with the countdown to
 * the start (报名 within the join window), then each question pushed over the room socket with a
 * countdown bar (single / true-false: a click answers; multiple: choose, then 提交答案; options lock
 * once answered), the reveal (right options, own points), the live ranking beside, and the final
 * result. Countdowns follow the server's clock (room-state.ts); answers go to /api/battle/answer
 * (the server times them and keeps the first).
 */
import { useCallback, useEffect, useReducer, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Card, Col, Empty, List, Progress, Result, Row, Space, Spin, Statistic, Tag } from 'antd';
import { QU_TYPE_LABEL, QuType } from '@kaopei/contracts';
import { BattleState, battleApi, battleSocketPath, type BattleMessage, type BattleRankRow } from '@kaopei/contracts/battle';
import { call } from '../../../api/request';
import { RichText } from '../../../components/RichText';
import { connectLiveSocket } from '../../../utils/live-socket';
import { applyMessage, fromRoom, msUntil, type RoomView } from './room-state';

type Action = { kind: 'room'; view: RoomView } | { kind: 'msg'; msg: BattleMessage; at: number } | { kind: 'answered'; ids: string[] | null };

function reduce(view: RoomView | null, a: Action): RoomView | null {
  if (a.kind === 'room') return a.view;
  if (a.kind === 'msg') return applyMessage(view, a.msg, a.at);
  return view ? { ...view, answered: a.ids } : view;
}

/** Re-renders every `ms` while `on` (countdowns). */
function useTick(on: boolean, ms = 200): number {
  const [, setN] = useState(0);
  useEffect(() => {
    if (!on) return;
    const t = setInterval(() => setN((n) => n + 1), ms);
    return () => clearInterval(t);
  }, [on, ms]);
  return Date.now();
}

function Ranking({ rows, me, players }: { rows: BattleRankRow[]; me: BattleRankRow | null; players: number }) {
  return (
    <Card title={`排行榜（${players}人）`} size="small" data-testid="battle-ranking">
      {rows.length === 0 ? <Empty description="暂无排名" /> : null}
      <List
        size="small"
        dataSource={rows}
        renderItem={(r) => (
          <List.Item style={r.userId === me?.userId ? { fontWeight: 600 } : undefined}>
            <span>
              {r.rank}. {r.realName}
            </span>
            <span>{r.points}分</span>
          </List.Item>
        )}
      />
      {me ? (
        <div style={{ marginTop: 8 }} data-testid="battle-my-rank">
          我的名次：第{me.rank}名，{me.points}分，答对{me.rightCount}题
        </div>
      ) : null}
    </Card>
  );
}

export default function BattleRoom() {
  const { id = '' } = useParams();
  const [view, dispatch] = useReducer(reduce, null);
  const [error, setError] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const joined = view?.room.joined ?? false;
  const now = useTick(Boolean(view) && view?.phase !== 'end');

  const load = useCallback(async () => {
    try {
      dispatch({ kind: 'room', view: fromRoom(await call(battleApi.room, { id }), Date.now()) });
    } catch (e) {
      setError(e instanceof Error ? e.message : '加载失败');
    }
  }, [id]);
  useEffect(() => void load(), [load]);

  // The room socket once joined: every push folds into the view.
  useEffect(() => {
    if (!joined) return;
    return connectLiveSocket(battleSocketPath(id), {
      onText: (text) => {
        try {
          dispatch({ kind: 'msg', msg: JSON.parse(text) as BattleMessage, at: Date.now() });
        } catch {
          // not a room message
        }
      },
    });
  }, [id, joined]);

  const qid = view?.question?.question.id;
  useEffect(() => setPicked([]), [qid]);

  if (error) return <Result status="warning" title={error} />;
  if (!view) return <Spin style={{ display: 'block', margin: 48 }} />;

  const join = async () => {
    setBusy(true);
    try {
      dispatch({ kind: 'room', view: fromRoom(await call(battleApi.join, { id }), Date.now()) });
    } catch {
      // shown by the request helper
    } finally {
      setBusy(false);
    }
  };

  const answer = async (ids: string[]) => {
    if (!view.question || view.answered || ids.length === 0) return;
    dispatch({ kind: 'answered', ids });
    try {
      await call(battleApi.answer, { battleId: id, quId: view.question.question.id, answers: ids });
    } catch {
      // refused (e.g. too late): shown by the request helper; the options unlock while still open
      dispatch({ kind: 'answered', ids: null });
    }
  };

  const { room } = view;
  let main;
  if (view.phase === 'wait') {
    const left = msUntil(view, room.startAt, now);
    main = (
      <Card data-testid="battle-lobby">
        <Statistic.Timer type="countdown" title="距离开始" value={now + left} format="HH:mm:ss" />
        <div style={{ marginTop: 16 }}>
          {joined ? (
            <Alert type="success" showIcon title="已报名，竞赛开始后题目会自动推送，请不要离开本页面。" />
          ) : room.state === BattleState.JOINING ? (
            <Button type="primary" loading={busy} onClick={() => void join()} data-testid="battle-join">
              报名参赛
            </Button>
          ) : (
            <Alert type="info" showIcon title="尚未到报名时间，请在开始前进入房间报名。" />
          )}
        </div>
      </Card>
    );
  } else if (view.phase === 'end' || room.state === BattleState.ENDED) {
    const me = view.ranking.me;
    main = <Result status="success" title="竞赛已结束" subTitle={me ? `您的名次：第${me.rank}名，积分${me.points}` : '您未参加本场竞赛'} data-testid="battle-end" />;
  } else if (!joined) {
    main = <Alert type="info" showIcon title="竞赛进行中，报名已截止。" />;
  } else if (view.question && (view.phase === 'question' || view.reveal)) {
    const q = view.question;
    const revealed = view.phase === 'reveal' && view.reveal?.quId === q.question.id ? view.reveal : null;
    const left = revealed ? 0 : msUntil(view, q.deadline, now);
    const chosen = view.answered ?? picked;
    const multi = q.question.quType === QuType.MULTI;
    const locked = Boolean(view.answered) || Boolean(revealed) || left === 0;
    main = (
      <Card title={`第${q.index + 1}/${q.total}题 · ${QU_TYPE_LABEL[q.question.quType] ?? ''}`} data-testid="battle-question">
        <Progress percent={Math.round((left / (room.secondsPerQuestion * 1000)) * 100)} showInfo={false} status={left < 3000 ? 'exception' : 'active'} />
        <div style={{ margin: '12px 0' }}>
          <RichText html={q.question.content} />
        </div>
        <Space direction="vertical" style={{ width: '100%' }}>
          {q.question.options.map((o, i) => {
            const right = revealed?.rightIds.includes(o.id);
            const mine = chosen.includes(o.id);
            return (
              <Button
                key={o.id}
                block
                style={{ justifyContent: 'flex-start', textAlign: 'left', height: 'auto', minHeight: 40, whiteSpace: 'normal', ...(right ? { borderColor: '#67C23A', color: '#67C23A' } : {}) }}
                type={mine ? 'primary' : 'default'}
                danger={Boolean(revealed) && mine && !right}
                disabled={locked && !mine && !right}
                onClick={() => {
                  if (locked) return;
                  if (multi) setPicked(mine ? picked.filter((p) => p !== o.id) : [...picked, o.id]);
                  else void answer([o.id]);
                }}
                data-testid={`battle-option-${i}`}
              >
                {String.fromCharCode(65 + i)}. <RichText html={o.content} inline />
              </Button>
            );
          })}
        </Space>
        {multi && !locked ? (
          <Button type="primary" style={{ marginTop: 12 }} disabled={picked.length === 0} onClick={() => void answer(picked)} data-testid="battle-submit">
            提交答案
          </Button>
        ) : null}
        {revealed ? (
          <Alert
            style={{ marginTop: 12 }}
            type={revealed.mine.right ? 'success' : 'warning'}
            showIcon
            title={revealed.mine.answered ? (revealed.mine.right ? `回答正确，+${revealed.mine.points}分` : '回答错误') : '未作答'}
            data-testid="battle-reveal"
          />
        ) : view.answered ? (
          <Tag color="blue" style={{ marginTop: 12 }} data-testid="battle-answered">
            已提交，等待揭晓答案
          </Tag>
        ) : null}
      </Card>
    );
  } else {
    main = <Spin style={{ display: 'block', margin: 48 }} />;
  }

  return (
    <div className="web-page">
      <div className="web-page-head">
        <h2>{room.title}</h2>
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={16}>
          {main}
        </Col>
        <Col xs={24} md={8}>
          <Ranking rows={view.ranking.top} me={view.ranking.me} players={view.ranking.players} />
        </Col>
      </Row>
    </div>
  );
}
