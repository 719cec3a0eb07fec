import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '#shared/api/openapi.ts';

/**
 * The OpenAPI document the build writes (npm run openapi), checked by an independent validator:
 * Redocly's recommended rules. A run of the CLI takes seconds, so it is here, in npm run test:infra.
 */
const REDOCLY = join(import.meta.dirname, '..', 'node_modules', '.bin', 'redocly');
const dir = mkdtempSync(join(tmpdir(), 'creator-llc-openapi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Problem = { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] };

type Json = { [key: string]: unknown };
const isSchemaWithNothingSaid = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;

/** Pointers of the schemas under `value` that say nothing (`{}`), except an object's open `additionalProperties`. */
function emptySchemas(value: unknown, pointer: string): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => (isSchemaWithNothingSaid(v) ? [`${pointer}/${i}`] : emptySchemas(v, `${pointer}/${i}`)));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value as Json).flatMap(([key, v]) => {
    const at = `${pointer}/${key}`;
    if (isSchemaWithNothingSaid(v) && !['properties', 'additionalProperties', 'security'].includes(key) && !pointer.endsWith('/security')) return [at];
    return emptySchemas(v, at);
  });
}

describe('the generated OpenAPI document', () => {
  const doc = openApiDocument();

  it("passes Redocly's recommended rules with no error", async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    // The CLI exits non-zero when it finds errors; its JSON report is on stdout either way.
    const stdout = await promisify(execFile)(REDOCLY, ['lint', file, '--format=json'], { maxBuffer: 16 * 1024 * 1024 }).then(
      (r) => r.stdout,
      (e: { stdout?: string }) => e.stdout ?? '',
    );
    const report = JSON.parse(stdout) as { totals: { errors: number }; problems: Problem[] };
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('gives every answer a schema that says what it is', () => {
    const paths = doc.paths as Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
    for (const [path, methods] of Object.entries(paths))
      for (const [method, op] of Object.entries(methods))
        for (const [status, response] of Object.entries(op.responses)) {
          const where = `${method.toUpperCase()} ${path} ${status}`;
          // Only a 204 has no body.
          if (status === '204') expect(response.content, where).toBeUndefined();
          else {
            const schema = Object.values(response.content ?? {})[0]?.schema;
            expect(schema, where).toBeDefined();
            expect(isSchemaWithNothingSaid(schema), where).toBe(false);
            expect(emptySchemas(schema, ''), where).toEqual([]);
          }
        }
    expect(emptySchemas(doc.components, '#/components')).toEqual([]);
  });
});
