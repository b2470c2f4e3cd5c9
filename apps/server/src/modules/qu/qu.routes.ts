/** /api/qu/qu/*: questions, spreadsheet import and its template (SPEC §7, §8 import). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorCode, idReq, idsReq, importRes, IMPORT_TEMPLATE_FILE, Perm, quDetail, quPagingReq, quPagingRes, quSaveReq } from '@kaopei/contracts';
import { AppError } from '../../lib/errors';
import { authenticate, ok, post, requirePerm } from '../../plugins/route';
import type { QuService } from './qu.service';
import { buildImportTemplate } from './qu.import';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function quRoutes(app: FastifyInstance, qus: QuService): void {
  post(app, { path: '/api/qu/qu/paging', summary: 'Page questions', body: quPagingReq, data: quPagingRes, access: Perm.QU_LIST, handler: ({ body }) => qus.paging(body) });
  post(app, { path: '/api/qu/qu/detail', summary: 'One question with options', body: idReq, data: quDetail, access: Perm.QU_LIST, handler: ({ body }) => qus.detail(body.id) });
  post(app, {
    path: '/api/qu/qu/save',
    summary: 'Create or update a question',
    body: quSaveReq,
    data: z.object({ id: z.string() }),
    access: [Perm.QU_ADD, Perm.QU_UPDATE],
    handler: ({ body, user }) => {
      requirePerm(user, body.id ? Perm.QU_UPDATE : Perm.QU_ADD);
      return qus.save(body, user.userId);
    },
  });
  post(app, {
    path: '/api/qu/qu/delete',
    summary: 'Delete questions',
    body: idsReq,
    data: z.null(),
    access: Perm.QU_DELETE,
    handler: async ({ body }) => {
      await qus.delete(body.ids);
      return null;
    },
  });

  // Multipart upload: field `file` (.xlsx) and optional field `repoId`.
  app.post('/api/qu/qu/import', { schema: { summary: 'Import questions from a spreadsheet (multipart: file, repoId?)', tags: ['qu'], consumes: ['multipart/form-data'] } }, async (req) => {
    const user = await authenticate(req, Perm.QU_IMPORT);
    if (!req.isMultipart()) throw new AppError(ErrorCode.BAD_PARAMS, '请上传.xlsx文件！');
    let file: Buffer | undefined;
    let fileName = '';
    let repoId: string | undefined;
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && !file) {
          file = await part.toBuffer();
          fileName = part.filename;
        } else await part.toBuffer();
      } else if (part.fieldname === 'repoId' && typeof part.value === 'string' && part.value.trim()) {
        repoId = part.value.trim();
      }
    }
    if (!file) throw new AppError(ErrorCode.BAD_PARAMS, '请上传.xlsx文件！');
    if (!/\.xlsx$/i.test(fileName)) throw new AppError(ErrorCode.BAD_PARAMS, '文件格式不正确，请上传.xlsx文件！');
    const data = importRes.parse(await qus.importSheet(file, repoId, user!.userId));
    return ok(data);
  });

  app.get('/api/qu/qu/import/template', { schema: { summary: 'Download the import template (.xlsx)', tags: ['qu'] } }, async (req, reply) => {
    await authenticate(req, Perm.QU_IMPORT);
    const buf = await buildImportTemplate();
    return reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', `attachment; filename="template.xlsx"; filename*=UTF-8''${encodeURIComponent(IMPORT_TEMPLATE_FILE)}`)
      .send(buf);
  });
}
