/**
 * The face tracker's state machine (SPEC §4 "Face camera", §9 face constants; issue 12 in-browser
 * tracking), pure logic without the camera or the detector so it can be tested with fake timers.
 * The hook (useFaceTracker.ts) feeds it one observation per detection (~3 fps):
 *
 * - 'loading' until `ready()` (the detector loaded) → 'tracking' (no detection yet);
 * - a face seen → 'found'; when `autoCapture`, a face found without a break for `captureMs`
 *   (FACE_CONST.autoCaptureMs, 2 s) calls `onCapture` once and LOCKS the tracker: no other capture
 *   until `retrack()` (the caller compares the frame meanwhile);
 * - `missTolerance` (2) detections in a row without a face → 'lost': `onFaceOut` at once and then
 *   every `faceOutMs` (FACE_CONST.faceOutRepeatMs, 10 s) until a face is seen again (a single
 *   missed frame is not a loss: blazeface misses the odd frame of a still face);
 * - `retrack()` unlocks: a face still in view is captured `captureMs` later;
 * - `unavailable()` (the detector cannot run here): nothing more happens; callers fall back to
 *   capturing on a timer;
 * - `stop()` clears the timers (unmount).
 */
import { FACE_CONST } from '@kaopei/contracts/face';

export type FaceTrackState = 'loading' | 'tracking' | 'found' | 'lost' | 'unavailable';

export interface FaceTrackerOptions {
  /** Capture by itself after a steady face (the face-check dialog); false for the exam's corner camera. */
  autoCapture?: boolean;
  /** ms of steady face before the capture (default FACE_CONST.autoCaptureMs = 2000). */
  captureMs?: number;
  /** ms between face-out events while the face stays away (default FACE_CONST.faceOutRepeatMs = 10000). */
  faceOutMs?: number;
  /** Detections without a face in a row that make a loss (default 2). */
  missTolerance?: number;
}

export interface FaceTrackerEvents {
  onState?: (state: FaceTrackState) => void;
  onCapture?: () => void;
  onFaceOut?: () => void;
}

export class FaceTrackerMachine {
  state: FaceTrackState = 'loading';
  /** True from an automatic capture until `retrack()`. */
  locked = false;
  private misses = 0;
  private captureTimer: ReturnType<typeof setTimeout> | undefined;
  private faceOutTimer: ReturnType<typeof setInterval> | undefined;
  private readonly opts: Required<FaceTrackerOptions>;

  constructor(
    options: FaceTrackerOptions,
    private readonly events: FaceTrackerEvents,
  ) {
    this.opts = { autoCapture: false, captureMs: FACE_CONST.autoCaptureMs, faceOutMs: FACE_CONST.faceOutRepeatMs, missTolerance: 2, ...options };
  }

  /** The detector loaded: 'tracking' until the first detection. */
  ready(): void {
    if (this.state === 'loading') this.set('tracking');
  }

  /** The detector cannot run in this browser: 'unavailable' for good. */
  unavailable(): void {
    this.clear();
    this.set('unavailable');
  }

  /** One detection: `face` true when a face was found in the frame. */
  observe(face: boolean): void {
    if (this.state === 'loading' || this.state === 'unavailable') return;
    if (face) {
      this.misses = 0;
      this.stopFaceOut();
      if (this.state !== 'found') {
        this.set('found');
        this.armCapture();
      }
      return;
    }
    this.misses += 1;
    if (this.state === 'lost' || this.misses < this.opts.missTolerance) return;
    this.stopCapture();
    this.set('lost');
    this.events.onFaceOut?.();
    this.faceOutTimer = setInterval(() => this.events.onFaceOut?.(), this.opts.faceOutMs);
  }

  /** Unlocks after a capture was compared: a face still in view is captured `captureMs` later. */
  retrack(): void {
    this.locked = false;
    if (this.state === 'found') this.armCapture();
  }

  /** Clears the timers (the camera closed). */
  stop(): void {
    this.clear();
  }

  private armCapture(): void {
    this.stopCapture();
    if (!this.opts.autoCapture || this.locked) return;
    this.captureTimer = setTimeout(() => {
      this.captureTimer = undefined;
      if (this.state !== 'found' || this.locked) return;
      this.locked = true;
      this.events.onCapture?.();
    }, this.opts.captureMs);
  }

  private stopCapture(): void {
    clearTimeout(this.captureTimer);
    this.captureTimer = undefined;
  }

  private stopFaceOut(): void {
    clearInterval(this.faceOutTimer);
    this.faceOutTimer = undefined;
  }

  private clear(): void {
    this.stopCapture();
    this.stopFaceOut();
  }

  private set(state: FaceTrackState): void {
    this.state = state;
    this.events.onState?.(state);
  }
}
