/**
 * Image captchas (SPEC §7 "Captcha", §5 "Formats"): SVG images drawn by svg-captcha from 4
 * characters chosen with node:crypto, kept server-side for 5 minutes (CAPTCHA_TTL_MS) in a store
 * every server process shares (captcha.store.ts), good for one check, compared case-insensitively.
 * Other modules (sys-user login) call `check` with what the user typed.
 */
import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import type { create } from 'svg-captcha';
import { CAPTCHA_TTL_MS } from '@kaopei/contracts/captcha';
import type { ModuleContext } from '../../platform/module';
import { now } from '../../lib/time';
import { DbCaptchaStore, RedisCaptchaStore, type CaptchaStore } from './captcha.store';

type SvgOptions = NonNullable<Parameters<typeof create>[0]>;
/** svg-captcha's main export draws a given text (its typings only declare `create`, whose text comes from Math.random). */
const drawSvg = createRequire(import.meta.url)('svg-captcha') as (text: string, options?: SvgOptions) => string;

/** Characters of a captcha: no 0/O/o, 1/I/i/l/L, 9/g/q, 2/Z/z, 5/S/s look-alikes (comparison ignores case). */
export const CAPTCHA_CHARS = '3467ABCDEFHJKMNPRTUVWXY';
/** Characters per captcha. */
export const CAPTCHA_LENGTH = 4;
// Dark grey on transparent: the most legible of svg-captcha's palettes (a background forces random light colours).
const SVG_OPTIONS: SvgOptions = { width: 120, height: 40, fontSize: 46, noise: 3, color: false };

/** Lower case, no surrounding space: the form a captcha is compared in. */
const normalise = (value: string) => value.trim().toLowerCase();

export class CaptchaService {
  private readonly store: CaptchaStore;

  constructor(ctx: ModuleContext) {
    this.store = ctx.redis ? new RedisCaptchaStore(ctx.redis) : new DbCaptchaStore(ctx.db);
  }

  /**
   * GET /api/common/captcha/gen?key= (as an image) and POST /api/common/captcha/captchaGen (as
   * markup in `data`): a new captcha for `key` (replacing any the key had), valid for
   * CAPTCHA_TTL_MS; answers the SVG document (text, ~5 KB) whose letters are paths, never the text.
   */
  async generate(key: string): Promise<string> {
    let text = '';
    for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_CHARS[randomInt(CAPTCHA_CHARS.length)];
    const at = now();
    await this.store.put(key, normalise(text), at + CAPTCHA_TTL_MS, at);
    return drawSvg(text, SVG_OPTIONS);
  }

  /**
   * POST /api/common/captcha/check, and the check of every form that carries a captcha: true when
   * `value` matches the live captcha of `key`, case-insensitively. The captcha is consumed whatever
   * the answer (one check per image); an unknown, used or expired key answers false.
   */
  async check(key: string | undefined, value: string | undefined): Promise<boolean> {
    if (!key || !value) return false;
    const stored = await this.store.take(key);
    return !!stored && stored.expireTime > now() && stored.text === normalise(value);
  }

  /** Tests only (never served): the expected text of a live captcha, or null. */
  async textOf(key: string): Promise<string | null> {
    const stored = await this.store.peek(key);
    return stored && stored.expireTime > now() ? stored.text : null;
  }

  /** Periodic task: removes expired captchas of the table store; answers how many. */
  sweep(): Promise<number> {
    return this.store.sweep(now());
  }
}
