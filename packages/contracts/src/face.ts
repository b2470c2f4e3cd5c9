/**
 * Faces (issue 12; SPEC §3 "Face check, capture and learning", "Face provider configuration", §8
 * camera and face messages, §9 face constants): what the face engine answers and the messages the
 * camera widgets and the real-name, capture and face-login calls use.
 *
 * The engine itself lives on the server (module `face`): a local engine that runs with no network
 * (the default) and the baidu / qcloud / aliyun face APIs as options (prop type "face").
 */
import { z } from 'zod';
import { download } from './endpoint';
import { defineErrors } from './errors';
import { definePropType, PROP_MSG, propReq } from './prop-type';

/** Face providers (SPEC §9 plus the local default): local runs on the server. */
export const FACE_PROVIDERS = ['local', 'baidu', 'qcloud', 'aliyun'] as const;
export type FaceProvider = (typeof FACE_PROVIDERS)[number];

/** One face found in an image: box in pixels of the image, detection confidence 0–1, liveness 0–1 when the engine has one. */
export const faceBox = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  score: z.number(),
  live: z.number().nullable(),
});
export type FaceBox = z.infer<typeof faceBox>;

/** SPEC §3 Face check result: pass, failMsg, faceToken, realName, idCard. */
export const faceCheckResult = z.object({
  pass: z.boolean(),
  failMsg: z.string(),
  faceToken: z.string(),
  realName: z.string(),
  idCard: z.string(),
});
export type FaceCheckResult = z.infer<typeof faceCheckResult>;

/** SPEC §3: exam capture save {paperId, base64} and course face capture {courseId, fileId, base64} answer this. */
export const captureResult = z.object({
  isBreak: z.boolean(),
  failCount: z.number().int(),
  faceChance: z.number().int(),
});
export type CaptureResult = z.infer<typeof captureResult>;

/** SPEC §8 camera and face messages (shown by the widgets; some are answered by the server). */
export const FACE_MSG = {
  noMediaApi: '您的浏览器不支持媒体访问，请升级浏览器！',
  cameraFailed: '摄像头载入失败，请确认电脑上有摄像头且已允许网页访问！',
  keepPose: '很好，请保持这个姿势！',
  comparing: '正在比对，请稍候..',
  noFace: '未识别到人脸，请将人脸置于摄像头中央！',
  examFaceOut: '请诚信考试，确保人脸在摄像头中央！',
  studyFaceOut: '请认真学习，确保人脸在摄像头中央！',
  dialogClosed: '窗口已关闭，若要重新识别请刷新页面！',
  compared: '人脸比对成功！',
  /** SPEC §8 exam capture: failed `n` times, `m` consecutive failures hand the paper in. */
  examFailed: (n: number, m: number) => `人脸识别已失败${n}次，连续失败${m}次将自动交卷！`,
  examBreak: (n: number) => `连续${n}次人脸识别失败，系统强制交卷！`,
  studyFailed: (n: number, m: number) => `人脸识别已失败${n}次，连续失败${m}次将退出学习！`,
  studyBreak: (n: number) => `连续${n}次人脸识别失败！`,
} as const;

/** SPEC §9: auto-capture 2 s after a face is found; face-out repeats every 10 s; the crop box of a face photo. */
export const FACE_CONST = { autoCaptureMs: 2000, faceOutRepeatMs: 10_000, cropWidth: 295, cropHeight: 413 } as const;

/** Errors of the face engine (block 4012xxxx). */
export const FaceError = defineErrors({
  /** The body is not a jpg/png image (base64 or data URL), or it cannot be decoded. */
  BAD_IMAGE: { code: 40120001, msg: '图片格式不正确，请上传jpg或png图片！' },
  /** The image is larger than the limit. */
  IMAGE_TOO_LARGE: { code: 40120002, msg: '图片太大，请压缩后再上传！' },
  /** The engine (local model or the cloud vendor) could not answer. */
  ENGINE_FAILED: { code: 40120003, msg: '人脸识别服务暂不可用，请稍后再试！' },
  /** Enrolment of a photo in which no face was found. */
  NO_FACE: { code: 40120004, msg: '照片中未检测到人脸，请上传清晰的正面人脸照片！' },
  /** Enrolment of a photo with more than one face. */
  MANY_FACES: { code: 40120005, msg: '照片中检测到多张人脸，请上传仅含本人的人脸照片！' },
  /** The cloud provider refused the request (keys, group, quota); the vendor's message follows. */
  PROVIDER_REFUSED: { code: 40120006, msg: '人脸识别服务商拒绝了请求，请检查人脸配置！' },
});

// ---------------------------------------------------------------- prop type "face" (issue 12)

/** Messages of the face provider forms (SPEC §3 "Face provider configuration"; the spec gives only the keys' ones). */
export const FACE_PROP_MSG = {
  appId: 'AppId不能为空',
  appKey: 'AppKey（API Key）不能为空',
  faceGroup: '人脸库分组不能为空',
  groupId: '人员库ID不能为空',
  region: '地域不能为空',
  dbName: '人脸数据库名称不能为空',
  groupFormat: '人脸库名称只能包含字母、数字和下划线',
  /** Success of a save of type "face" (SPEC §8 '配置保存成功！'). */
  saved: '配置保存成功！',
} as const;

/** liveCheck: a liveness check on every comparison (true / false; "1" / "0" from forms). */
const liveCheck = z
  .union([z.boolean(), z.number(), z.string()])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
const groupName = (msg: string) => propReq(msg, 48).refine((v) => /^[A-Za-z0-9_]+$/.test(v), FACE_PROP_MSG.groupFormat);

/** local face engine: nothing to configure (runs on the server). */
export const localFaceData = z.object({});
/** baidu face v3 (SPEC §3): appId, appKey (API Key), secretKey, faceGroup (user group id), liveCheck. */
export const baiduFaceData = z.object({
  appId: propReq(FACE_PROP_MSG.appId, 100),
  appKey: propReq(FACE_PROP_MSG.appKey, 200),
  secretKey: propReq(PROP_MSG.secretKey, 200),
  faceGroup: groupName(FACE_PROP_MSG.faceGroup),
  liveCheck,
});
/** qcloud iai (SPEC §3): region, secretId, secretKey, groupId (person group), liveCheck. */
export const qcloudFaceData = z.object({
  region: propReq(FACE_PROP_MSG.region, 100),
  secretId: propReq(PROP_MSG.secretId, 200),
  secretKey: propReq(PROP_MSG.secretKey, 200),
  groupId: groupName(FACE_PROP_MSG.groupId),
  liveCheck,
});
/** aliyun facebody (SPEC §3): accessKeyId, accessKeySecret, dbName (face database), liveCheck. */
export const aliyunFaceData = z.object({
  accessKeyId: propReq(PROP_MSG.accessKeyId, 200),
  accessKeySecret: propReq(PROP_MSG.accessKeySecret, 200),
  dbName: groupName(FACE_PROP_MSG.dbName),
  liveCheck,
});
export type BaiduFaceData = z.infer<typeof baiduFaceData>;
export type QcloudFaceData = z.infer<typeof qcloudFaceData>;
export type AliyunFaceData = z.infer<typeof aliyunFaceData>;

/** Type "face": the face engine's provider (module face); local works with nothing saved. */
export const facePropType = definePropType({
  key: 'face',
  label: '人脸',
  providers: { local: localFaceData, baidu: baiduFaceData, qcloud: qcloudFaceData, aliyun: aliyunFaceData },
  secrets: ['secretKey', 'accessKeySecret'],
  defaultProvider: 'local',
  savedMsg: FACE_PROP_MSG.saved,
});
/**
 * The browser face detector's files (issue 12 in-browser tracking; ours): GET /api/face/models/:file,
 * :file one of blazeface.json, blazeface.bin (the model of @vladmandic/human) and the tfjs WASM
 * binaries; public (the login page's face login tracks too), cached 30 days; other names 10010003.
 */
export const faceApi = {
  model: download({
    path: '/api/face/models/:file',
    readOnly: true,
    summary: '浏览器端人脸检测的模型与WASM文件（blazeface.json/.bin、tfjs-backend-wasm*.wasm），可缓存',
    access: 'public',
    fileName: 'model',
    ours: true,
  }),
};

/** Where the browser detector fetches its model and WASM files (the folder of faceApi.model). */
export const FACE_MODEL_BASE = '/api/face/models/';
