/**
 * The registry of module services, filled by declaration merging: each module's index.ts adds its
 * service under its name,
 *
 *   declare module '../../platform/services' { interface Services { repo: RepoService } }
 *
 * so that `ctx.services.repo` is typed without any shared list. A module reaches another only through
 * this registry (ARCHITECTURE §2), and only the services it names in `deps`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- extended by every module's index.ts
export interface Services {}

export type ServiceName = keyof Services;
