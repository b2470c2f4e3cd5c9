/**
 * Builds the engine of a face provider (prop type "face", SPEC §3 "Face provider configuration"):
 * 'local' (the default, no network) or a cloud vendor from its saved data (validated by the
 * PROP_TYPES schema before it reaches here).
 */
import { type AliyunFaceData, type BaiduFaceData, FaceError, type QcloudFaceData } from '@kaopei/contracts/face';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { AliyunFaceEngine } from './face.aliyun';
import { BaiduFaceEngine } from './face.baidu';
import type { FaceEngine } from './face.engine';
import { LocalFaceEngine } from './face.local';
import { QcloudFaceEngine } from './face.qcloud';

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
    case 'baidu':
      return new BaiduFaceEngine(data as BaiduFaceData);
    case 'qcloud':
      return new QcloudFaceEngine(data as QcloudFaceData);
    case 'aliyun':
      return new AliyunFaceEngine(data as AliyunFaceData);
    default:
      throw new AppError(FaceError.ENGINE_FAILED);
  }
}
