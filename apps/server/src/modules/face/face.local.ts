/**
 * SKELETON (issue 12, being written on branch i12-face): the local face engine. Replaced by the real
 * engine before this lands; until then it refuses every call.
 */
import { FaceError } from '@kaopei/contracts/face';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import type { FaceEngine } from './face.engine';

export function localEngine(_config: Config): FaceEngine {
  const fail = async (): Promise<never> => {
    throw new AppError(FaceError.ENGINE_FAILED);
  };
  return { name: 'local', detect: fail, compare: fail };
}
