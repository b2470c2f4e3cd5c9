/**
 * useFaceTracker(videoRef, {enabled, …}) (issue 12 in-browser tracking, SPEC §4 "Face camera"):
 * loads the browser detector (faceDetector.ts, a lazy chunk) when `enabled` turns true, then
 * detects on the video every DETECT_MS (≈3 fps; a detection still running skips the tick) and feeds
 * FaceTrackerMachine (faceTracker.ts): `state` 'loading' | 'tracking' | 'found' | 'lost' |
 * 'unavailable', `box` (the face in video pixels, for the overlay), `onCapture` after 2 s of a
 * steady face when `autoCapture`, `onFaceOut` at a loss and every 10 s after, `retrack()` to unlock
 * after a capture. A detector that cannot load within LOAD_TIMEOUT_MS, or whose detection throws,
 * makes the state 'unavailable' for good (callers fall back to capturing on a timer).
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { DetectedFace } from './faceDetector';
import { FaceTrackerMachine, type FaceTrackState } from './faceTracker';

/** ms between detections (≈3 fps: enough for a pose hint, light on a 2-core laptop). */
export const DETECT_MS = 330;
/** ms the detector (chunk + model + backend) may take to load before the tracker gives up. */
export const LOAD_TIMEOUT_MS = 20_000;

/** The face of the last detection in video pixels, with the frame size it was found in. */
export type TrackedBox = DetectedFace & { frameWidth: number; frameHeight: number };

export interface FaceTrackerHookOptions {
  enabled: boolean;
  autoCapture?: boolean;
  onCapture?: () => void;
  onFaceOut?: () => void;
}

export function useFaceTracker(video: RefObject<HTMLVideoElement | null>, { enabled, autoCapture = false, onCapture, onFaceOut }: FaceTrackerHookOptions) {
  const [state, setState] = useState<FaceTrackState>('loading');
  const [box, setBox] = useState<TrackedBox | undefined>(undefined);
  const machine = useRef<FaceTrackerMachine | null>(null);
  const handlers = useRef({ onCapture, onFaceOut });
  useEffect(() => {
    handlers.current = { onCapture, onFaceOut };
  }, [onCapture, onFaceOut]);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let timer: number | undefined;
    const m = new FaceTrackerMachine(
      { autoCapture },
      { onState: (s) => !stopped && setState(s), onCapture: () => handlers.current.onCapture?.(), onFaceOut: () => handlers.current.onFaceOut?.() },
    );
    machine.current = m;
    setState('loading');
    const giveUp = window.setTimeout(() => m.unavailable(), LOAD_TIMEOUT_MS);
    import('./faceDetector')
      .then((mod) => mod.loadFaceDetector())
      .then((detector) => {
        window.clearTimeout(giveUp);
        if (stopped || m.state === 'unavailable') return;
        m.ready();
        let busy = false;
        timer = window.setInterval(() => {
          const v = video.current;
          if (busy || !v || v.readyState < 2 || !v.videoWidth) return;
          busy = true;
          detector.detect(v).then(
            (face) => {
              busy = false;
              if (stopped) return;
              setBox(face ? { ...face, frameWidth: v.videoWidth, frameHeight: v.videoHeight } : undefined);
              m.observe(face !== null);
            },
            () => {
              window.clearInterval(timer);
              if (!stopped) m.unavailable();
            },
          );
        }, DETECT_MS);
      })
      .catch(() => {
        window.clearTimeout(giveUp);
        if (!stopped) m.unavailable();
      });
    return () => {
      stopped = true;
      window.clearTimeout(giveUp);
      window.clearInterval(timer);
      m.stop();
      machine.current = null;
    };
  }, [enabled, autoCapture, video]);

  const retrack = useCallback(() => machine.current?.retrack(), []);
  return { state, box, retrack };
}
