/**
 * Module face: the face engine (issue 12 "Face engine"). Its one route serves the browser
 * detector's files (GET /api/face/models/:file, face.assets.ts); real-name audit, face login and the
 * exam/study captures call `services.face`. The provider follows the prop configuration of type "face" (local by default, works with no network). Owns sys_face_person
 * (the local engine's reference faces) and declares the page 系统管理 → 人脸配置 (/admin/sys/face,
 * SPEC §2 "Face-recognition provider configuration page"; its calls are /api/sys/config/prop/* of
 * module sysConfig, permission sys:config:prop, granted with 存储配置's function).
 */
import { facePropType } from '@kaopei/contracts/face';
import { MenuType } from '@kaopei/contracts';
import { faceApi } from '@kaopei/contracts/face';
import { defineModule } from '../../platform/module';
import { faceAsset } from './face.assets';
import { FaceService } from './face.service';

declare module '../../platform/services' {
  interface Services {
    face: FaceService;
  }
}

export default defineModule({
  name: 'face',
  summary: '人脸识别引擎',
  propTypes: [facePropType],
  deps: ['sysConfig'],
  tables: ['sys_face_person'],
  service: (ctx) => new FaceService(ctx),
  routes: (r) => {
    r.download(faceApi.model, async ({ req }) => faceAsset(String((req.params as { file?: unknown } | undefined)?.file ?? '')));
  },
  menus: [{ parent: 'SysMgr', type: MenuType.MENU, title: '人脸配置', path: '/admin/sys/face', name: 'SysFace', component: 'SysFace', icon: 'ScanOutlined', sort: 10 }],
});
