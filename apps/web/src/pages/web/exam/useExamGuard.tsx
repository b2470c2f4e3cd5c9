/**
 * The exam page's integrity guard (issue 9 "Integrity controls"; the server enforces, the page only
 * reports), from paper-detail's `guard`:
 * - pasteOff: paste, copy and cut are blocked with '考试期间不能复制粘贴哦！' (SPEC §8);
 * - leaveOn: the time the page is hidden is recorded; back after more than leaveCheck seconds, the
 *   leave is reported (leave-incr with the paper id);
 * - fullscreenOn: every 3 s and on each fullscreenchange the page checks fullscreen
 *   (./screen-watch.ts); not in it → it tries to enter and, as browsers allow that only after a click, shows a dialog whose button enters it;
 *   fullscreen left since the last check → a leave is reported too. No fullscreen API → a warning;
 * - a reported leave's answer shows a dialog of the leaves remaining; overLimit (the server has
 *   handed the paper in) → `onOverLimit` (the result page);
 * - always during the exam: the context menu and text selection outside answer fields are blocked,
 *   and docked developer tools (the window-size heuristic of ./screen-watch.ts) show the SPEC §8
 *   debug message, then `onDevtools` (the home page) 3 s later.
 * Does nothing once `active` is false (the paper is closed).
 */
import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { paperApi, type PaperGuard } from '@kaopei/contracts/paper';
import { call } from '../../../api/request';
import { createLeaveWatch, leaveMessage } from './leave-watch';
import { createDevtoolsWatch, createFullscreenWatch, DEBUG_MSG, DEBUG_REDIRECT_MS, SCREEN_CHECK_MS } from './screen-watch';

export const PASTE_MSG = '考试期间不能复制粘贴哦！';
export const FULLSCREEN_UNSUPPORTED_MSG = '当前浏览器不支持全屏模式，请更换浏览器后考试！';

/** An element where the learner types an answer (selection allowed there). */
function isEditable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT');
}

export function useExamGuard(paperId: string, guard: PaperGuard | undefined, active: boolean, onOverLimit: () => void, onDevtools: () => void): void {
  const { message, modal } = App.useApp();
  const overRef = useRef(onOverLimit);
  const devRef = useRef(onDevtools);
  useEffect(() => {
    overRef.current = onOverLimit;
    devRef.current = onDevtools;
  }, [onOverLimit, onDevtools]);
  const pasteOff = active && guard?.pasteOff === true;
  const leaveOn = active && guard?.leaveOn === true;
  const fullscreenOn = active && guard?.fullscreenOn === true;
  const leaveCheck = guard?.leaveCheck ?? 0;
  /** Reports one leave and shows the answer's dialog. */
  const reportRef = useRef<(kind?: 'leave' | 'fullscreen') => void>(() => undefined);
  /** Set while the fullscreen watch must forget a fullscreen lost with the page hidden. */
  const hiddenRef = useRef(false);

  useEffect(() => {
    let closed = false;
    reportRef.current = (kind = 'leave') => {
      void call(paperApi.leaveIncr, { id: paperId, kind }).then(
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
    return () => {
      closed = true;
    };
  }, [paperId, modal]);

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
    if (!leaveOn && !fullscreenOn) return;
    const watch = createLeaveWatch(leaveCheck);
    const onChange = () => {
      if (document.visibilityState === 'hidden') {
        hiddenRef.current = true;
        watch.hidden(Date.now());
        return;
      }
      if (leaveOn && watch.visible(Date.now())) reportRef.current();
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [leaveOn, fullscreenOn, leaveCheck]);

  useEffect(() => {
    if (!fullscreenOn) return;
    const root = document.documentElement;
    if (!document.fullscreenEnabled || typeof root.requestFullscreen !== 'function') {
      message.warning(FULLSCREEN_UNSUPPORTED_MSG);
      return;
    }
    const watch = createFullscreenWatch();
    let prompt: { destroy: () => void } | null = null;
    const ask = () => {
      if (prompt) return;
      prompt = modal.warning({
        title: '请全屏作答',
        content: <span data-testid="fullscreen-dialog">本场考试要求全屏作答，退出全屏将计为离开考试页面。</span>,
        okText: '进入全屏',
        onOk: () => {
          prompt = null;
          void root.requestFullscreen().catch(() => undefined);
        },
      });
    };
    const tick = () => {
      if (document.visibilityState === 'hidden') return;
      if (hiddenRef.current) {
        hiddenRef.current = false;
        watch.reset();
      }
      const state = watch.check(document.fullscreenElement !== null);
      if (state === 'ok') return;
      if (state === 'left') reportRef.current('fullscreen');
      root.requestFullscreen().catch(ask);
    };
    tick();
    const timer = window.setInterval(tick, SCREEN_CHECK_MS);
    // Entering or leaving fullscreen is seen at once too (a stay shorter than one check still counts).
    document.addEventListener('fullscreenchange', tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('fullscreenchange', tick);
      prompt?.destroy();
    };
  }, [fullscreenOn, message, modal]);

  useEffect(() => {
    if (!active) return;
    const block = (e: Event) => e.preventDefault();
    const selectStart = (e: Event) => {
      if (!isEditable(e.target)) e.preventDefault();
    };
    document.addEventListener('contextmenu', block);
    document.addEventListener('selectstart', selectStart);
    document.body.classList.add('exam-no-select');
    const tools = createDevtoolsWatch();
    let redirect: number | undefined;
    const timer = window.setInterval(() => {
      if (redirect !== undefined || !tools.check(window)) return;
      message.error(DEBUG_MSG);
      redirect = window.setTimeout(() => devRef.current(), DEBUG_REDIRECT_MS);
    }, SCREEN_CHECK_MS);
    return () => {
      document.removeEventListener('contextmenu', block);
      document.removeEventListener('selectstart', selectStart);
      document.body.classList.remove('exam-no-select');
      window.clearInterval(timer);
      window.clearTimeout(redirect);
    };
  }, [active, message]);
}
