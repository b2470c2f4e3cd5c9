/**
 * Writes docs/api.md from the modules' endpoint tables and the contracts' error codes
 * (apps/server/src/platform/api-docs.ts). `npm run docs:api`; `--check` exits 1 when the file is
 * out of date instead of writing it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { declaredErrors, recordEndpoints, renderApiDocs } from '../apps/server/src/platform/api-docs';
import { loadModules } from '../apps/server/src/platform/registry';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'api.md');
const modules = await loadModules();
const text = renderApiDocs(modules, recordEndpoints(modules), await declaredErrors());
if (process.argv.includes('--check')) {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (current !== text) {
    console.error('docs/api.md is out of date: run `npm run docs:api`');
    process.exit(1);
  }
  console.log('docs/api.md is up to date');
} else {
  fs.writeFileSync(file, text);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
