/**
 * The browser face detector (issue 12 in-browser tracking): @vladmandic/human with ONLY its
 * blazeface detector (no mesh, iris, emotion, description, liveness: the server compares faces).
 * Loaded as its own lazy chunk by useFaceTracker (`import('./faceDetector')`), so only pages that
 * open the camera download it. The model and the tfjs WASM binaries come from our server
 * (GET /api/face/models/:file), never from a CDN; models are not cached in IndexedDB (the HTTP
 * cache holds them). Backends are tried in order webgl → wasm → cpu; the first that loads the
 * model and runs one detection wins.
 */
import { Human, type Config } from '@vladmandic/human';
import { FACE_MODEL_BASE } from '@kaopei/contracts/face';

/** A face box in the pixels of the video frame, and the detector's confidence 0–1. */
export interface DetectedFace {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

export interface FaceDetector {
  /** The backend in use ('webgl' | 'wasm' | 'cpu'). */
  backend: string;
  /** The most confident face of the frame, or null. */
  detect(input: HTMLVideoElement | HTMLCanvasElement): Promise<DetectedFace | null>;
}

const BACKENDS = ['webgl', 'wasm', 'cpu'] as const;

/** Human configured with the face detector alone (blazeface, one face, no rotation). */
function config(backend: (typeof BACKENDS)[number]): Partial<Config> {
  const base = `${window.location.origin}${FACE_MODEL_BASE}`;
  return {
    backend,
    modelBasePath: base,
    wasmPath: base,
    debug: false,
    async: true,
    warmup: 'none',
    cacheModels: false,
    cacheSensitivity: 0,
    filter: { enabled: false } as Config['filter'],
    face: {
      enabled: true,
      detector: { enabled: true, modelPath: 'blazeface.json', rotation: false, maxDetected: 1, minConfidence: 0.5, return: false, skipFrames: 0, skipTime: 0 },
      mesh: { enabled: false },
      iris: { enabled: false },
      emotion: { enabled: false },
      description: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      attention: { enabled: false },
      gear: { enabled: false },
    } as unknown as Config['face'],
    body: { enabled: false } as Config['body'],
    hand: { enabled: false } as Config['hand'],
    object: { enabled: false } as Config['object'],
    gesture: { enabled: false },
    segmentation: { enabled: false } as Config['segmentation'],
  };
}

async function tryBackend(backend: (typeof BACKENDS)[number]): Promise<FaceDetector> {
  const human = new Human(config(backend));
  await human.init();
  if (human.tf.getBackend() !== backend) throw new Error(`backend ${backend} unavailable`);
  await human.load();
  const detect = async (input: HTMLVideoElement | HTMLCanvasElement): Promise<DetectedFace | null> => {
    const res = await human.detect(input);
    if (res.error) throw new Error(res.error);
    const best = [...res.face].sort((a, b) => b.score - a.score)[0];
    if (!best) return null;
    const [x, y, width, height] = best.box;
    return { x, y, width, height, score: best.score };
  };
  // One detection on a blank frame: a backend that loads but cannot run fails here, not later.
  const probe = document.createElement('canvas');
  probe.width = 64;
  probe.height = 64;
  await detect(probe);
  return { backend, detect };
}

let loading: Promise<FaceDetector> | null = null;

/** The shared detector (loaded once per page); rejects when no backend can run it. */
export function loadFaceDetector(): Promise<FaceDetector> {
  loading ??= (async () => {
    let last: unknown;
    for (const b of BACKENDS) {
      try {
        return await tryBackend(b);
      } catch (e) {
        last = e;
      }
    }
    throw last instanceof Error ? last : new Error('face detector unavailable');
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
