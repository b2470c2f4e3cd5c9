/**
 * Provider configurations (SPEC §3 "Storage configuration", §5, §7 /api/sys/config/prop/*): one
 * saved configuration per (type, provider) and the current provider per type. Types and their
 * validators are declared by the modules (`defineModule({ propTypes })`, contracts prop-type.ts) and
 * read from `ctx.catalog`; this service is generic.
 *
 * - `detail` answers a provider's saved configuration with its secrets masked (the default: the
 *   current provider); the page reloads it whenever its provider select changes.
 * - `save` validates `data` with the provider's schema (SPEC §5 messages, 10010001); a secret that
 *   comes back exactly as `detail` masked it keeps the stored value.
 * - `change` makes a provider current; only a provider with a saved configuration (or the type's
 *   default provider, which works with nothing saved) can be chosen.
 * - `current(type)` / `config(type, provider)` are for other modules (sys-file's storage): the
 *   unmasked, validated data. They read the database each time (a few rows), so every process sees a
 *   change at once.
 */
import { CommonError } from '@kaopei/contracts';
import type { PropTypeDef } from '@kaopei/contracts/prop-type';
import { maskSecret, PropError, type PropDetail, type PropSaveReq } from '@kaopei/contracts/sys-config-prop';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { now } from '../../lib/time';
import type { ModuleContext } from '../../platform/module';
import * as repo from './sys-config-prop.repository';


/** Checks that `provider` is one of `def`'s (90090002). */
function checkProvider(def: PropTypeDef, provider: string): void {
  if (!Object.hasOwn(def.providers, provider)) throw new AppError(PropError.UNKNOWN_PROVIDER);
}

function parseData(json: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export class SysConfigPropService {
  constructor(private readonly ctx: ModuleContext) {}

  /** The registered type `type` (90090001 when no module registered it). */
  private typeDef(type: string): PropTypeDef {
    const def = this.ctx.catalog.propTypes.get(type);
    if (!def) throw new AppError(PropError.UNKNOWN_TYPE);
    return def;
  }

  /** The provider in use for `type` (the type's default when none was chosen). */
  async currentProvider(type: string): Promise<string> {
    const def = this.typeDef(type);
    const p = await repo.findCurrent(this.ctx.db, type);
    return p && Object.hasOwn(def.providers, p) ? p : def.defaultProvider;
  }

  /**
   * The saved data of (`type`, `provider`), validated by its schema and unmasked, or null when
   * nothing (valid) was saved. For modules that use a provider (never answered to a browser).
   */
  async config<T extends Record<string, unknown> = Record<string, unknown>>(type: string, provider: string): Promise<T | null> {
    const def = this.typeDef(type);
    checkProvider(def, provider);
    const row = await repo.findProp(this.ctx.db, type, provider);
    if (!row) return null;
    const parsed = (def.providers[provider] as PropTypeDef['providers'][string]).safeParse(parseData(row.data));
    return parsed.success ? (parsed.data as T) : null;
  }

  /** The current provider of `type` and its data (null: nothing saved, e.g. the default local storage). */
  async current(type: string): Promise<{ provider: string; data: Record<string, unknown> | null }> {
    const provider = await this.currentProvider(type);
    return { provider, data: await this.config(type, provider) };
  }

  /** SPEC §7 /prop/detail {type, provider?}: the provider's saved configuration, secrets masked. */
  async detail(type: string, provider?: string): Promise<PropDetail> {
    const def = this.typeDef(type);
    const current = await this.currentProvider(type);
    const p = provider?.trim() || current;
    checkProvider(def, p);
    const row = await repo.findProp(this.ctx.db, type, p);
    const data = row ? parseData(row.data) : {};
    for (const s of def.secrets) if (typeof data[s] === 'string') data[s] = maskSecret(data[s]);
    return { type, provider: p, current, saved: !!row, data, remark: row?.remark ?? '', updateTime: row?.updateTime ?? null };
  }

  /**
   * SPEC §7 /prop/save {type, provider, data, remark}: validates and stores the configuration (the
   * current provider is not changed). 10010001 with the SPEC §5 message of the first bad field.
   */
  async save(req: PropSaveReq, userId: string): Promise<void> {
    const def = this.typeDef(req.type);
    checkProvider(def, req.provider);
    const old = await repo.findProp(this.ctx.db, req.type, req.provider);
    const oldData = old ? parseData(old.data) : {};
    const data: Record<string, unknown> = { ...req.data };
    // A secret the page shows masked comes back masked when the administrator did not retype it.
    for (const s of def.secrets) {
      const stored = oldData[s];
      if (typeof stored === 'string' && stored && data[s] === maskSecret(stored)) data[s] = stored;
    }
    const parsed = (def.providers[req.provider] as PropTypeDef['providers'][string]).safeParse(data);
    if (!parsed.success) throw new AppError(CommonError.BAD_PARAMS, parsed.error.issues[0]?.message);
    const at = now();
    await repo.upsertProp(this.ctx.db, {
      id: old?.id ?? newId(),
      type: req.type,
      provider: req.provider,
      data: JSON.stringify(parsed.data),
      remark: (req.remark ?? '').trim(),
      updateBy: userId,
      createTime: old?.createTime ?? at,
      updateTime: at,
    });
  }

  /** SPEC §7 /prop/change {type, provider}: makes `provider` current ('服务商必须选择！' when empty; 90090003 when never saved). */
  async change(type: string, provider: string, userId: string): Promise<void> {
    const def = this.typeDef(type);
    checkProvider(def, provider);
    if (provider !== def.defaultProvider && !(await this.config(type, provider))) throw new AppError(PropError.NOT_CONFIGURED);
    await repo.upsertCurrent(this.ctx.db, type, provider, userId, now());
  }
}
