/** Tables of the classSession module: face-to-face lessons of training classes and their sign-ins (issue 13). Owned by this module only. */
import type { Ms } from '../../db/schema';

/** One face-to-face lesson (面授课次) of a class. */
export interface ElClassLessonTable {
  id: string;
  /** The training class (module trainClass; a reference by id). */
  classId: string;
  title: string;
  teacher: string;
  /** Venue (free text). */
  place: string;
  startTime: Ms;
  endTime: Ms;
  /** Sign-in window as saved; null: startTime − SIGN_EARLY_MIN … endTime. */
  signStart: Ms | null;
  signEnd: Ms | null;
  /** 1: counts for the class requirement 'sessions'. */
  required: number;
  /** Geofence centre, WGS84 decimal degrees (null: none). */
  lat: number | null;
  lng: number | null;
  /** Geofence radius in metres; 0 = no geofence. */
  radius: number;
  /** Random key of the QR tokens (hex, 32 bytes): never answered. */
  signKey: string;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}

/** One sign-in of a learner at a lesson (unique lesson + user). */
export interface ElClassSignTable {
  id: string;
  lessonId: string;
  classId: string;
  userId: string;
  userName: string;
  realName: string;
  deptCode: string;
  signTime: Ms;
  /** 'qr' | 'makeup'. */
  source: string;
  /** Make-up reason ('' for qr). */
  reason: string;
  /** The admin account that recorded a make-up ('' for qr). */
  makeupBy: string;
  /** Metres from the geofence centre at sign-in (null: no geofence or make-up). */
  distance: number | null;
}

declare module '../../db/schema' {
  interface DB {
    el_class_lesson: ElClassLessonTable;
    el_class_sign: ElClassSignTable;
  }
}
