/**
 * apps/web/TESTIDS.md stays true: every data-testid the app renders (a literal, or a template whose
 * fixed start is documented, with a `{…}` placeholder or its values) is listed there, so the Playwright journeys and
 * other clients can rely on the list. Fails naming the ids and files that are missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(WEB, 'src');
const DOC = fs.readFileSync(path.join(WEB, 'TESTIDS.md'), 'utf8');

/** Every test id written in the source: `data-testid="x"`, `testId="x"`, `data-testid={\`x-${…}\`}`, `'data-testid': 'x'`. */
function renderedIds(): Map<string, string> {
  const ids = new Map<string, string>();
  const files = fs.readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
  for (const file of files) {
    const code = fs.readFileSync(path.join(SRC, file), 'utf8');
    for (const m of code.matchAll(/(?:data-testid|testId)=(?:"([^"]+)"|\{`([^`]+)`\})/g)) ids.set(m[1] ?? m[2] ?? '', file);
    for (const m of code.matchAll(/'data-testid':\s*(?:'([^']+)'|`([^`]+)`)/g)) ids.set(m[1] ?? m[2] ?? '', file);
  }
  return ids;
}

/**
 * True when TESTIDS.md lists `id`; a template by its fixed start, with a placeholder
 * (`role-edit-{id}`) or with its values written out (`size-default`, `size-mini` …).
 */
function documented(id: string): boolean {
  if (!id.includes('${')) return DOC.includes(`\`${id}\``);
  return DOC.includes(`\`${id.slice(0, id.indexOf('${'))}`);
}

describe('TESTIDS.md', () => {
  it('lists every data-testid the web app renders', () => {
    const ids = renderedIds();
    expect(ids.size).toBeGreaterThan(100);
    const missing = [...ids].filter(([id]) => !documented(id)).map(([id, file]) => `${id} (${file})`);
    expect(missing, 'add these to apps/web/TESTIDS.md').toEqual([]);
  });

  it('finds a missing id (the check itself works)', () => {
    expect(documented('login-username')).toBe(true);
    expect(documented('no-such-id-anywhere')).toBe(false);
    expect(documented('role-edit-${r.id}')).toBe(true);
    expect(documented('no-such-prefix-${x}')).toBe(false);
  });
});
