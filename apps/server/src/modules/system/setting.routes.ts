import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Perm, settingUpdate, settingUploadQuery, settingView, storedImage, imageKind } from '@venue/contract';
import { AppError } from '../../platform/errors.ts';
import { assertUploadRoute, defineRoute, errorEnvelope, type AppContext } from '../../platform/http.ts';
import { FILE_NAME, IMAGE_RULES, fileContentType, getSettings, saveSettings, storeImage, uploadsDir, type ImageKind } from './setting.service.ts';

/** Branding / page settings (`system_settings`) and their images. */
export function settingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { system } = ctx.config.prefixes;
  const { db, config } = ctx;

  defineRoute(app, {
    method: 'GET',
    url: `${system}setting`,
    permission: Perm.setting.view,
    module: 'setting',
    action: 'view',
    response: settingView,
    handler: async () => getSettings(db),
  });

  defineRoute(app, {
    method: 'PUT',
    url: `${system}setting`,
    permission: Perm.setting.edit,
    platformOnly: true,
    module: 'setting',
    action: 'edit',
    response: settingView,
    body: settingUpdate,
    handler: async ({ body }) => {
      const { version, ...settings } = body;
      return saveSettings(db, settings, version);
    },
  });

  /** multipart/form-data: field `file`; the kind (bg | logo | tab) as `?kind=` or a field sent before the file. */
  defineRoute(app, {
    method: 'POST',
    url: `${system}setting/upload`,
    upload: true,
    permission: Perm.setting.edit,
    platformOnly: true,
    module: 'setting',
    action: 'upload',
    response: storedImage,
    query: settingUploadQuery,
    handler: async ({ query, req }) => {
      assertUploadRoute(req);
      if (!req.isMultipart()) throw new AppError('INVALID', 'setting.noFile');
      // Read one byte past the largest limit so "too large" is told apart from "exactly at the limit".
      const part = await req.file({ limits: { fileSize: IMAGE_RULES.bg.maxBytes + 1, files: 1 } }).catch(() => undefined);
      if (!part || part.fieldname !== 'file') throw new AppError('INVALID', 'setting.noFile');
      const field = (part.fields as Record<string, { type?: string; value?: unknown } | undefined>)?.kind;
      const parsed = imageKind.safeParse(query.kind ?? (field?.type === 'field' ? field.value : undefined));
      if (!parsed.success) {
        part.file.resume();
        throw new AppError('INVALID', 'setting.kind', undefined, [{ field: 'kind', message: 'setting.kind' }]);
      }
      const kind: ImageKind = parsed.data;
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw e;
        data = Buffer.alloc(0);
        return storeImage(config.dataDir, kind, data, true, req.lang);
      }
      return storeImage(config.dataDir, kind, data, part.file.truncated, req.lang);
    },
  });

  // Uploaded images: public (the login page shows them), named by content hash, so cached for ever.
  app.get('/files/:name', async (req, reply) => {
    const { name } = req.params as { name: string };
    const file = path.join(uploadsDir(config.dataDir), name);
    if (!FILE_NAME.test(name) || !fs.existsSync(file)) {
      const err = new AppError('NOT_FOUND', 'error.notFound');
      return reply.status(404).send(errorEnvelope(req.lang, err, req.id));
    }
    return reply.header('content-type', fileContentType(name)).header('cache-control', 'public, max-age=31536000, immutable').send(fs.createReadStream(file));
  });
}
