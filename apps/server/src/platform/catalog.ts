/**
 * What the modules register for shared machinery (the module-platform rule: a domain is one folder
 * and edits no shared list): provider configuration types (`ModuleDef.propTypes`, served by module
 * sysConfig's /api/sys/config/prop/*) and message events (`ModuleDef.notifyEvents`, seeded and sent
 * by module notify). `catalogOf` assembles them at start; a key declared twice (by two modules, or
 * twice by one) stops the start with a message that names both modules.
 */
import type { NotifyEventDef } from '@kaopei/contracts/notify-event';
import type { PropTypeDef } from '@kaopei/contracts/prop-type';

/** The registered prop types and message events, by key (in module start order). */
export interface Catalog {
  readonly propTypes: ReadonlyMap<string, PropTypeDef>;
  readonly notifyEvents: ReadonlyMap<string, NotifyEventDef>;
}

/** The declarations of one module (a subset of ModuleDef, so tests may pass plain objects). */
export interface CatalogSource {
  name: string;
  propTypes?: readonly PropTypeDef[];
  notifyEvents?: readonly NotifyEventDef[];
}

function collect<T extends { key: string }>(modules: readonly CatalogSource[], what: string, pick: (m: CatalogSource) => readonly T[] | undefined): Map<string, T> {
  const out = new Map<string, T>();
  const owner = new Map<string, string>();
  for (const m of modules) {
    for (const def of pick(m) ?? []) {
      const first = owner.get(def.key);
      if (first !== undefined) throw new Error(`${what} ${def.key} is declared by both module ${first} and module ${m.name}: keys must be unique`);
      owner.set(def.key, m.name);
      out.set(def.key, def);
    }
  }
  return out;
}

/** Assembles the modules' prop types and message events; throws when a key is declared twice. */
export function catalogOf(modules: readonly CatalogSource[]): Catalog {
  return {
    propTypes: collect(modules, 'prop type', (m) => m.propTypes),
    notifyEvents: collect(modules, 'notify event', (m) => m.notifyEvents),
  };
}
