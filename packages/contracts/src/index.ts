/**
 * Kaopei contracts: the shapes every domain shares (envelope, paging, ids, times), the endpoint
 * declaration helpers, the platform's error codes and the enumerations of SPEC §4. Each domain's
 * schemas, permission codes, errors and endpoint table live in its own file, imported by subpath:
 * `import { repoApi, RepoPerm } from '@kaopei/contracts/repo'` (a new domain adds its file and
 * edits nothing here).
 */
export * from './errors';
export * from './common';
export * from './endpoint';
export * from './enums';
