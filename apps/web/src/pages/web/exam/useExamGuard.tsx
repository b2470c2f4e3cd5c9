/**
 * The exam page's integrity guard (issue 9 "Integrity controls"; the server enforces, the page only
 * reports), from paper-detail's `guard`:
 * - pasteOff: paste, copy and cut are blocked with '考试期间不能复制粘贴哦！' (SPEC §8);
 * - leaveOn: the time the page is hidden is recorded; back after more than leaveCheck seconds, the
 *   leave is reported (leave-incr with the paper id); the answer's dialog tells how many leaves
 *   remain; overLimit (the server has handed the paper in) → `onOverLimit` (the result page).
 * Does nothing once `active` is false (the paper is closed).
 */
import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { paperApi, type PaperGuard } from '@kaopei/contracts/paper';
import { call } from '../../../api/request';
import { createLeaveWatch, leaveMessage } from './leave-watch';

export const PASTE_MSG = '考试期间不能复制粘贴哦！';

export function useExamGuard(paperId: string, guard: PaperGuard | undefined, active: boolean, onOverLimit: () => void): void {
  const { message, modal } = App.useApp();
  const overRef = useRef(onOverLimit);
  overRef.current = onOverLimit;
  const pasteOff = active && guard?.pasteOff === true;
  const leaveOn = active && guard?.leaveOn === true;
  const leaveCheck = guard?.leaveCheck ?? 0;

  useEffect(() => {
    if (!pasteOff) return;
    const block = (e: Event) => {
      e.preventDefault();
      message.warning(PASTE_MSG);
    };
    const kinds = ['paste', 'copy', 'cut'] as const;
    for (const k of kinds) document.addEventListener(k, block);
    return () => {
      for (const k of kinds) document.removeEventListener(k, block);
    };
  }, [pasteOff, message]);

  useEffect(() => {
    if (!leaveOn) return;
    const watch = createLeaveWatch(leaveCheck);
    let closed = false;
    const onChange = () => {
      if (document.visibilityState === 'hidden') {
        watch.hidden(Date.now());
        return;
      }
      if (!watch.visible(Date.now())) return;
      void call(paperApi.leaveIncr, { id: paperId }).then(
        (res) => {
          if (closed) return;
          if (res.overLimit) {
            modal.warning({ title: '已自动交卷', content: <span data-testid="leave-dialog">{leaveMessage(res)}</span>, onOk: () => overRef.current() });
            overRef.current();
          } else {
            modal.warning({ title: '请勿离开考试页面', content: <span data-testid="leave-dialog">{leaveMessage(res)}</span> });
          }
        },
        () => undefined, // the request helper shows the error; the next leave reports again
      );
    };
    document.addEventListener('visibilitychange', onChange);
    return () => {
      closed = true;
      document.removeEventListener('visibilitychange', onChange);
    };
  }, [leaveOn, leaveCheck, paperId, modal]);
}
