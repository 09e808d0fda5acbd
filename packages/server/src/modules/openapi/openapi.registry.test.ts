import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as contract from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { ROUTE_DOCS } from './openapi.document.js';
import { contractName } from './openapi.schemas.js';

const MODULES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each route handler of a `*.routes.ts` file (up to its closing line) with the schemas it reads. */
function handlers(source: string, prefix: string) {
  const starts = [...source.matchAll(/\n\s*app\.(get|post|put|delete)\(\s*'([^']+)'/g)];
  return starts.map((m) => {
    const rest = source.slice(m.index + m[0].length);
    const end = rest.search(/\n {2}(?! )/); // the handler's closing line, at the function's indent
    const body = end < 0 ? rest : rest.slice(0, end);
    const schemas = [...body.matchAll(/(?:readJson|readQuery|readPasteBody)\(\s*c,\s*([A-Z]\w*)/g)].map((s) => s[1]!);
    return { method: m[1]!.toUpperCase(), path: prefix + (m[2] === '/' ? '' : m[2]!), schemas };
  });
}

describe('the OpenAPI registry', () => {
  it('names, for each route, the very schema objects the route validates with (so the document cannot drift)', () => {
    const files = readdirSync(MODULES, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.routes.ts'));
    let checked = 0;
    for (const file of files) {
      // The task routes are one sub-app under both of its names; every other sub-app is mounted at /api.
      const prefixes = file.endsWith('tasks.routes.ts') ? ['/api/fs/jobs', '/api/fs/tasks'] : ['/api'];
      const source = readFileSync(path.join(MODULES, file), 'utf8');
      for (const handler of prefixes.flatMap((prefix) => handlers(source, prefix))) {
        if (handler.schemas.length === 0) continue;
        const doc = ROUTE_DOCS.find((r) => r.method === handler.method && r.path === handler.path);
        expect(doc, `${handler.method} ${handler.path} (${file})`).toBeDefined();
        // The same objects, not the same names: an alias (`UrlCancelBody = FileIdBody`) is one schema.
        const used = [doc?.query, doc?.body && 'json' in doc.body ? doc.body.json : undefined].filter(Boolean);
        for (const schema of handler.schemas) {
          const exported = (contract as Record<string, unknown>)[schema];
          expect(exported, `${schema} is a contract export`).toBeDefined();
          expect(used.includes(exported as never), `${handler.method} ${handler.path} reads ${schema}`).toBe(true);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('refuses a schema the contract does not export', async () => {
    const { z } = await import('zod');
    expect(() => contractName(z.object({ id: z.string() }))).toThrow(/not an export/);
  });
});
