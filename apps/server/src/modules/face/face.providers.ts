/**
 * Builds the engine of a face provider (prop type "face", SPEC §3 "Face provider configuration"):
 * 'local' (the default, no network) or a cloud vendor from its saved data.
 */
import { FaceError } from '@kaopei/contracts/face';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import type { FaceEngine } from './face.engine';
import { LocalFaceEngine } from './face.local';

/** What every engine may need besides the provider's data. */
export interface EngineEnv {
  db: Db;
  /** Local engine threshold (cosine similarity 0–1). */
  threshold: number;
}

/** The engine of `provider` with its saved `data`; ENGINE_FAILED for a provider this server does not know. */
export function createEngine(provider: string, data: Record<string, unknown>, env: EngineEnv): FaceEngine {
  switch (provider) {
    case 'local':
      return new LocalFaceEngine(env.db, env.threshold);
    default:
      void data;
      throw new AppError(FaceError.ENGINE_FAILED);
  }
}
