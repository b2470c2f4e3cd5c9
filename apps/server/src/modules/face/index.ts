/**
 * Module face: the face engine (issue 12 "Face engine"). No routes of its own: real-name audit,
 * face login and the exam/study captures call `services.face`. The provider follows the prop
 * configuration of type "face" (local by default, works with no network).
 */
import { defineModule } from '../../platform/module';
import { FaceService } from './face.service';

declare module '../../platform/services' {
  interface Services {
    face: FaceService;
  }
}

export default defineModule({
  name: 'face',
  summary: '人脸识别引擎',
  deps: ['sysConfig'],
  service: (ctx) => new FaceService(ctx),
});
