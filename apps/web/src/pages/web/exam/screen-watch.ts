/**
 * Fullscreen and developer-tools checks of the exam page (issue 9 "Integrity controls"; SPEC §4
 * exam flow, §8 debug guard, §9 dev-tools window-size threshold 300 px), the part without the
 * browser. The page calls `check` every 3 s (SCREEN_CHECK_MS) with what the browser reports.
 */

/** The fullscreen and dev-tools check interval (SPEC §9 leave check: every 3 s). */
export const SCREEN_CHECK_MS = 3000;
/** SPEC §9 dev-tools window-size threshold. */
export const DEVTOOLS_GAP_PX = 300;
/** SPEC §8 debug guard; the page goes to the home page 3 s later. */
export const DEBUG_MSG = '不允许使用调试模式，系统将在3秒后跳转到首页！';
export const DEBUG_REDIRECT_MS = 3000;

/** 'ok' in fullscreen; 'left' fullscreen was left since the last check (a leave to report, then re-enter); 'enter' not yet in fullscreen. */
export type FullscreenCheck = 'ok' | 'left' | 'enter';

export interface FullscreenWatch {
  check(isFullscreen: boolean): FullscreenCheck;
  /** Forget that fullscreen was on (the page was hidden: that leave is counted by the visibility check, not twice). */
  reset(): void;
}

export function createFullscreenWatch(): FullscreenWatch {
  let was = false;
  return {
    check(isFullscreen) {
      if (isFullscreen) {
        was = true;
        return 'ok';
      }
      if (was) {
        was = false;
        return 'left';
      }
      return 'enter';
    },
    reset() {
      was = false;
    },
  };
}

/** What the window reports: outer (with the browser's own panels) and inner (the page) sizes in px. */
export interface WindowSize {
  outerWidth: number;
  outerHeight: number;
  innerWidth: number;
  innerHeight: number;
}

/**
 * Docked developer tools take room from the page, so the gap between the window's outer and inner
 * size grows by more than 300 px. The gap at the first check is the baseline (browser toolbars,
 * an emulated viewport of a test browser, a side panel already open), so only tools opened during
 * the exam count; a window without outer size (headless) never counts; and the growth must be
 * seen on two checks in a row (a moment of resizing is not tools). Undocked tools are not seen.
 */
export function createDevtoolsWatch(threshold = DEVTOOLS_GAP_PX) {
  let base: { w: number; h: number } | null = null;
  let strikes = 0;
  return {
    /** True when tools are judged open (on the second check in a row showing it). */
    check(s: WindowSize): boolean {
      if (s.outerWidth <= 0 || s.outerHeight <= 0) return false;
      const w = s.outerWidth - s.innerWidth;
      const h = s.outerHeight - s.innerHeight;
      if (!base) {
        base = { w, h };
        return false;
      }
      const grown = w - base.w > threshold || h - base.h > threshold;
      strikes = grown ? strikes + 1 : 0;
      return strikes >= 2;
    },
  };
}
