/**
 * Module sysFile: file upload (SPEC §5 "Uploads", §7 /api/common/file/upload) to the current storage
 * provider (local, aliyun OSS, qcloud COS, qiniu: sys-config prop type 'upload') for every logged-in
 * user (learners upload avatars), the stored files read back at /api/common/file/view/<id>.<ext>
 * (login needed; HTTP Range) and published ones at /api/common/file/public/<id>.<ext> (no login);
 * the cloud upload credentials /api/common/oss/sts, /cos/token, /qiniu/token and the browser's direct
 * uploads to the cloud /api/common/file/direct/init|finish (sys-file.direct.ts). Uploads are
 * not operation-log entries (access 'user', no permission code).
 */
import { fileApi, uploadPropType } from '@kaopei/contracts/sys-file';
import { defineModule } from '../../platform/module';
import { SysFileService } from './sys-file.service';

declare module '../../platform/services' {
  interface Services {
    sysFile: SysFileService;
  }
}

/** The `:file` segment of a view or public url. */
const fileParam = (params: unknown) => String((params as { file?: unknown } | undefined)?.file ?? '');

export default defineModule({
  name: 'sysFile',
  summary: '文件上传',
  propTypes: [uploadPropType],
  tables: ['sys_file', 'sys_file_direct'],
  deps: ['sysConfig'],
  service: (ctx) => new SysFileService(ctx),
  routes: (r, files) => {
    // The size limit is the kind's (by the name's extension): the stream is cut there, before the content check.
    r.upload(fileApi.upload, ({ file, user }) => files.save(file, user.userId), { limit: (name) => files.uploadLimit(name) });
    r.download(fileApi.view, ({ req }) => files.open(fileParam(req.params), false, req.headers.range));
    r.download(fileApi.public, ({ req }) => files.open(fileParam(req.params), true, req.headers.range));
    // Browser direct-upload credentials of the cloud providers (SPEC §7 "Upload"), for logged-in users.
    // Each only for a pending direct upload of the caller (the key of /direct/init): one object.
    r.json(fileApi.ossSts, ({ body, user }) => files.ossSts(user.userId, body.key));
    r.json(fileApi.cosToken, ({ body, user }) => files.cosToken(user.userId, body.key));
    r.json(fileApi.qiniuToken, ({ body, user }) => files.qiniuToken(user.userId, body.key));
    // Browser direct uploads to the cloud: where to put the file, then the server checks what arrived.
    r.json(fileApi.directInit, ({ body, user }) => files.direct.init(body, user.userId));
    r.json(fileApi.directFinish, ({ body, user }) => files.direct.finish(body.key, user.userId));
  },
  // The CSP connect-src origins of the current upload configuration are read once at start (then cached).
  // A failed read leaves them empty ('self' only) until the next answer reads them again; it never stops the start.
  start: (files) => files.direct.refreshOrigins().catch(() => undefined),
  // CSP connect-src: the bucket the browser uploads to with the current configuration (cached, sys-file.direct.ts).
  connectSrc: (files) => () => files.direct.connectOrigins(),
  tasks: [{ name: 'sysFile.direct-sweep', everyMs: () => 10 * 60_000, run: (files) => files.direct.sweep() }],
});
