/** GET /api/face/models/:file (issue 12 in-browser tracking): the detector's files, cacheable; nothing else. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../test/app';
import { FACE_ASSET_CACHE } from './face.assets';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

describe('face detector files', () => {
  it('serves the blazeface model and the wasm binaries without a login, with long cache headers', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/face/models/blazeface.json' });
    expect(json.statusCode).toBe(200);
    expect(json.headers['cache-control']).toBe(FACE_ASSET_CACHE);
    expect((json.json() as { weightsManifest: unknown[] }).weightsManifest.length).toBeGreaterThan(0);
    const bin = await t.app.inject({ method: 'GET', url: '/api/face/models/blazeface.bin' });
    expect(bin.statusCode).toBe(200);
    expect(bin.rawPayload.length).toBeGreaterThan(100_000);
    const wasm = await t.app.inject({ method: 'GET', url: '/api/face/models/tfjs-backend-wasm-simd.wasm' });
    expect(wasm.headers['content-type']).toBe('application/wasm');
  });

  it('refuses any other name', async () => {
    for (const name of ['facemesh.json', '..%2Fpackage.json', 'x.wasm']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/face/models/${name}` });
      expect((res.json() as { code: number }).code).toBe(10010003);
    }
  });
});
