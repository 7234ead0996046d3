import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';

let server: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let doc: any;
beforeAll(async () => {
  server = await startTestServer();
  doc = await (await fetch(`${server.url}/api/docs`)).json();
});
afterAll(() => server.close());

describe('the OpenAPI document', () => {
  it('declares the bearer scheme on the routes that authenticate, and none on public ones', () => {
    expect(doc.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(doc.paths['/events/create'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/payment-methods'].get.security).toEqual([{ bearerAuth: [] }]);
    // A route that checks the session in its own read (sessionCheckedByRoute) needs the token all the same.
    expect(doc.paths['/events/{id}/pledges'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/events/show/{id}'].get.security).toBeUndefined();
  });

  it('documents the one error shape on every operation', () => {
    expect(doc.components.schemas.Error.required).toEqual(['success', 'error', 'message', 'code']);
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.responses['400'], `${method} ${path}`).toBeDefined();
        expect(operation.responses['500'], `${method} ${path}`).toBeDefined();
      }
    }
    expect(doc.paths['/events/create'].post.responses['401']).toBeDefined();
  });

  it('gives multipart routes a multipart body naming their fields and files', () => {
    expect(Object.keys(doc.paths['/events/{id}'].put.requestBody.content)).toContain('multipart/form-data');
    const register = doc.paths['/site/register'].post.requestBody.content['multipart/form-data'].schema.properties;
    expect(register).toMatchObject({ name: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, user_image: { format: 'binary' } });
    const edit = doc.paths['/events/{id}'].put.requestBody.content['multipart/form-data'].schema.properties;
    expect(edit).toMatchObject({
      name: { type: 'string' },
      participants: { type: 'string' },
      banner_image: { format: 'binary' },
      documents: { format: 'binary' },
    });
  });

  it('lets nullable enums such as runoff_win_by hold null', () => {
    const text = JSON.stringify(doc);
    const nullableEnums = [...text.matchAll(/"nullable":true/g)].length;
    expect(nullableEnums).toBeGreaterThan(0);
    const found: unknown[][] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      const object = node as Record<string, unknown>;
      if (object.nullable === true && Array.isArray(object.enum)) found.push(object.enum);
      Object.values(object).forEach(walk);
    };
    walk(doc);
    expect(found.some((values) => values.includes('donor_total'))).toBe(true);
    expect(found.every((values) => values.includes(null))).toBe(true);
  });
});
