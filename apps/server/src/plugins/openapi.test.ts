import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * The seed queues a rule evaluation that runs in the background after start; closing the database under it
 * fails the run with an unhandled 'PGlite is closed'. These tests are short, so they wait for it.
 */
async function closeWhenIdle(t: TestApp) {
  for (let i = 0; i < 600; i++) {
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM evaluation_jobs WHERE status IN ('queued', 'running')",
    );
    if (rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 100)); // the runner's last look for a next job
  await t.close();
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Operation = {
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: {
    paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
    components: { schemas: Record<string, unknown> };
  };
  beforeAll(async () => {
    t = await createTestApp({}, { employees: 5 });
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t && closeWhenIdle(t));

  it('is valid for a standard validator: every $ref resolves (the unit tree is a named component)', async () => {
    // validate() dereferences and mutates its argument: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(doc.components.schemas).toHaveProperty('UnitTreeNode');
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    for (const ref of new Set(refs)) expect(doc.components.schemas, ref).toHaveProperty(ref);
  });

  it('describes an answer and the error answer of every route', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((m) => ({ id: `${m.toUpperCase()} ${path}`, op: item[m] as Operation })),
    );
    expect(operations.length).toBeGreaterThan(100);
    for (const { id, op } of operations) {
      const ok = Object.entries(op.responses).find(([status]) => /^2/.test(status));
      expect(ok?.[1].content?.['application/json']?.schema, id).toBeDefined();
      expect(
        Object.keys(op.responses).some((s) => s === 'default' || /^[45]/.test(s)),
        id,
      ).toBe(true);
    }
    // A route without a response schema gets the envelope; one with its own keeps it.
    const save = doc.paths['/api/phr/form']?.post as Operation;
    expect(save.responses['200'].content?.['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ApiAnswer',
    });
    expect(
      doc.paths['/api/company/company/tree']?.get?.responses['200'].content?.['application/json'].schema,
    ).not.toEqual({ $ref: '#/components/schemas/ApiAnswer' });
  });

  it('describes the bodies handlers read themselves: the record of POST /phr/form, multipart uploads', () => {
    const body = JSON.stringify(doc.paths['/api/phr/form']?.post?.requestBody);
    for (const section of ['patientInfo', 'pastHistory', 'lifeInfo', 'environment']) expect(body).toContain(section);
    const uploads = Object.keys(doc.paths).filter((p) => p.endsWith('/import') || p.endsWith('/upload'));
    expect(uploads).toEqual(expect.arrayContaining(['/api/upload', '/api/phr/check/import', '/api/facility/import']));
    for (const path of uploads) {
      const content = (doc.paths[path]?.post?.requestBody as { content?: Record<string, unknown> })?.content;
      expect(JSON.stringify(content?.['multipart/form-data']), path).toContain('"format":"binary"');
    }
  });
});

describe('API_DOCS', () => {
  it('is on by default in development and off in production, either way when set', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'off' }).apiDocs).toBe(false);
  });

  it('serves no documentation when off', async () => {
    const t = await createTestApp({}, { employees: 5, env: { API_DOCS: 'off' } });
    try {
      const token = await t.login('admin');
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
        const res = await t.app.inject({ url, headers: t.auth(token) });
        expect(res.statusCode, url).toBe(404);
      }
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await closeWhenIdle(t);
    }
  });
});
