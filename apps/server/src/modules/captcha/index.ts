/**
 * Module captcha: image captchas (SPEC §7 "Captcha"): `GET /api/common/captcha/gen?key=` answers
 * an SVG image, `/api/common/captcha/check` a boolean; the login of sys-user checks captchas
 * through this module's service. `/api/common/captcha/captchaGen {key}` (SPEC §7) answers the
 * same SVG as markup in `data`, never the captcha's text (which would defeat the captcha).
 */
import { captchaApi } from '@kaopei/contracts/captcha';
import { defineModule } from '../../platform/module';
import { CaptchaService } from './captcha.service';

declare module '../../platform/services' {
  interface Services {
    captcha: CaptchaService;
  }
}

export default defineModule({
  name: 'captcha',
  summary: '图形验证码',
  tables: ['sys_captcha'],
  service: (ctx) => new CaptchaService(ctx),
  routes: (r, captchas) => {
    // The router has no inline-image kind: `download` with the SVG type (an <img> ignores the
    // attachment disposition; the router already sends cache-control: no-store).
    r.download(captchaApi.gen, async ({ body }) => ({ body: Buffer.from(await captchas.generate(body.key)), contentType: 'image/svg+xml' }));
    r.json(captchaApi.captchaGen, ({ body }) => captchas.generate(body.key));
    r.json(captchaApi.check, ({ body }) => captchas.check(body.captchaKey, body.captchaValue));
  },
  tasks: [{ name: 'captcha.sweep', everyMs: () => 5 * 60_000, run: (captchas) => captchas.sweep() }],
});
