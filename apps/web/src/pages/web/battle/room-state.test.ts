import { describe, expect, it } from 'vitest';
import type { BattleRoom } from '@kaopei/contracts/battle';
import { applyMessage, fromRoom, msUntil } from './room-state';

const ranking = { top: [], me: null, players: 2 };
const room: BattleRoom = {
  id: 'b', title: 't', questionCount: 2, secondsPerQuestion: 10, startAt: 100_000, endAt: 130_000, now: 90_000, state: 1, state_dictText: '报名中',
  phase: 'wait', joined: true, question: null, reveal: null, ranking,
};
const question = { id: 'q', quType: 1, content: 'c', image: '', options: [{ id: 'o1', content: 'A', image: '' }] };

describe('the battle room view', () => {
  it('counts down with the server clock, whatever the browser clock says', () => {
    const v = fromRoom(room, 5_000); // browser clock far behind the server
    expect(msUntil(v, room.startAt, 5_000)).toBe(10_000);
    expect(msUntil(v, room.startAt, 8_000)).toBe(7_000);
    expect(msUntil(v, room.startAt, 50_000)).toBe(0);
  });

  it('follows question → reveal → ranking → end, the answer reset per question', () => {
    let v = fromRoom(room, 0);
    v = applyMessage(v, { type: 'question', index: 0, total: 2, question, openAt: 100_000, deadline: 110_000, leftMs: 9_000, answered: null }, 1_000)!;
    expect(v.phase).toBe('question');
    expect(msUntil(v, 110_000, 1_000)).toBe(9_000);
    v = { ...v, answered: ['o1'] };
    v = applyMessage(v, { type: 'reveal', index: 0, quId: 'q', rightIds: ['o1'], mine: { answered: true, right: true, points: 190, answerIds: ['o1'] }, results: [] }, 11_000)!;
    expect(v.phase).toBe('reveal');
    expect(v.reveal?.rightIds).toEqual(['o1']);
    v = applyMessage(v, { type: 'ranking', top: [], me: null, players: 3 }, 11_001)!;
    expect(v.ranking.players).toBe(3);
    v = applyMessage(v, { type: 'question', index: 1, total: 2, question: { ...question, id: 'q2' }, openAt: 115_000, deadline: 125_000, leftMs: 10_000, answered: null }, 16_000)!;
    expect(v.answered).toBeNull();
    expect(v.reveal).toBeNull();
    v = applyMessage(v, { type: 'end', ranking: { top: [], me: null, players: 3 } }, 31_000)!;
    expect(v.phase).toBe('end');
    expect(v.question).toBeNull();
  });
});
