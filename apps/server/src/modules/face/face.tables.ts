/**
 * Tables of the face module (issue 12 "Face engine"); only face.repository.ts writes them:
 * - sys_face_person: the reference face of one person (a user id) for the LOCAL engine — its
 *   descriptor (1024 float32 values, unit length, base64 of the little-endian bytes). Cloud
 *   engines keep faces in the vendor's group instead.
 */
import type { Ms } from '../../db/schema';

export interface SysFacePersonTable {
  /** The person: a user id. */
  personId: string;
  /** base64 of Float32Array bytes (see face.repository.ts encodeDescriptor). */
  descriptor: string;
  createTime: Ms;
  updateTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    sys_face_person: SysFacePersonTable;
  }
}
