/**
 * Module discovery (ARCHITECTURE §2): every folder `modules/<domain>/` with an `index.ts` whose
 * default export is a module definition is a module; the list is never written by hand.
 *
 * `loadModules` checks that names are unique and match their folders (`sysUser` ↔ `sys-user`), that
 * every dependency exists, that each table has one owner, that no prop type or message event is
 * declared twice (platform/catalog.ts), and orders modules so that a module
 * starts after the modules it depends on (a dependency cycle, e.g. exam ↔ paper, is allowed for
 * services, which resolve each other when called; the order then follows folder names).
 * `createServices` builds every service with a context whose `services` exposes only its deps.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { catalogOf } from './catalog';
import type { LoadedModule, ModuleContext, ModuleDef } from './module';
import type { ServiceName, Services } from './services';

const MODULES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'modules');

/** `sysUser` → `sys-user`. */
export function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

function isModuleDef(v: unknown): v is ModuleDef {
  return typeof v === 'object' && v !== null && typeof (v as ModuleDef).name === 'string' && typeof (v as ModuleDef).service === 'function';
}

/** Dependency order (dependencies first); cycles are broken deterministically by folder order. */
function startOrder(modules: LoadedModule[]): LoadedModule[] {
  const byName = new Map(modules.map((m) => [m.name as string, m]));
  const out: LoadedModule[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (m: LoadedModule) => {
    if (state.get(m.name)) return; // done, or a cycle: its members start in folder order
    state.set(m.name, 'visiting');
    for (const d of m.deps ?? []) visit(byName.get(d) as LoadedModule);
    state.set(m.name, 'done');
    out.push(m);
  };
  [...modules].sort((a, b) => a.folder.localeCompare(b.folder)).forEach(visit);
  return out;
}

/** Loads and validates every module of `dir` (default `src/modules`), in start order. */
export async function loadModules(dir = MODULES_DIR): Promise<LoadedModule[]> {
  const modules: LoadedModule[] = [];
  for (const folder of fs.readdirSync(dir).sort()) {
    const index = ['index.ts', 'index.js'].map((f) => path.join(dir, folder, f)).find((f) => fs.existsSync(f));
    if (!index) continue;
    const def = ((await import(pathToFileURL(index).href)) as { default?: unknown }).default;
    if (!isModuleDef(def)) throw new Error(`modules/${folder}/index.ts must export default defineModule({...})`);
    if (kebab(def.name) !== folder) throw new Error(`module ${def.name} must live in modules/${kebab(def.name)}, not modules/${folder}`);
    modules.push({ ...def, folder });
  }
  const names = new Set(modules.map((m) => m.name as string));
  const owners = new Map<string, string>();
  for (const m of modules) {
    for (const d of m.deps ?? []) if (!names.has(d)) throw new Error(`module ${m.name} depends on unknown module ${d}`);
    for (const t of m.tables ?? []) {
      const owner = owners.get(t);
      if (owner) throw new Error(`table ${t} is owned by both ${owner} and ${m.name}`);
      owners.set(t, m.name);
    }
  }
  if (modules.filter((m) => m.authenticator).length !== 1) throw new Error('exactly one module must provide the authenticator');
  if (modules.filter((m) => m.auditor).length > 1) throw new Error('at most one module may provide the auditor');
  catalogOf(modules); // a prop type or message event declared twice stops the start
  return startOrder(modules);
}

/**
 * Builds every service. `base` is the shared part of the context; each module's `services` is a view
 * of the registry that answers only the module itself and its declared deps (a call to any other
 * service is a programming error, thrown at once).
 */
export function createServices(modules: readonly LoadedModule[], base: Omit<ModuleContext, 'name' | 'services' | 'catalog'>): Services {
  const registry = {} as Record<string, unknown>;
  const catalog = catalogOf(modules);
  for (const m of modules) {
    const allowed = new Set<string>([m.name, ...(m.deps ?? [])]);
    const view = new Proxy({} as Pick<Services, ServiceName>, {
      get(_target, prop) {
        if (typeof prop !== 'string') return undefined;
        if (!allowed.has(prop)) throw new Error(`module ${m.name} uses service ${prop} without declaring it in deps`);
        return registry[prop];
      },
    });
    registry[m.name] = m.service({ ...base, name: m.name, services: view, catalog } as ModuleContext<ServiceName>);
  }
  return registry as unknown as Services;
}
