/**
 * Module sysFile: file upload (SPEC §5 "Uploads", §7 /api/common/file/upload) for every logged-in
 * user (learners upload avatars), the stored files read back at /api/common/file/view/<id>.<ext>
 * (login needed) and published ones at /api/common/file/public/<id>.<ext> (no login). Uploads are
 * not operation-log entries (access 'user', no permission code).
 */
import { fileApi } from '@kaopei/contracts/sys-file';
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
  tables: ['sys_file'],
  service: (ctx) => new SysFileService(ctx),
  routes: (r, files) => {
    r.upload(fileApi.upload, ({ file, user }) => files.save(file, user.userId));
    r.download(fileApi.view, ({ req }) => files.open(fileParam(req.params), false));
    r.download(fileApi.public, ({ req }) => files.open(fileParam(req.params), true));
  },
});
