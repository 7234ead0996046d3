import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { openapiDocumentTransform, operationIdOf } from './openapi.ts';

let server: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let doc: any;
beforeAll(async () => {
  server = await startTestServer();
  doc = await (await fetch(`${server.url}/api/docs`)).json();
});
afterAll(() => server.close());

describe('the OpenAPI document', () => {
  it('declares the security of every operation: the bearer scheme where the route authenticates, none on public ones', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'refresh_token' });
    expect(doc.paths['/events/create'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/payment-methods'].get.security).toEqual([{ bearerAuth: [] }]);
    // A route that checks the session in its own read (sessionCheckedByRoute) needs the token all the same.
    expect(doc.paths['/events/{id}/pledges'].post.security).toEqual([{ bearerAuth: [] }]);
    // The admin check as a route's onRequest hook, and as the admin console's, on each of its routes.
    expect(doc.paths['/admin/events/{id}/approve'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/admin/users'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/admin/payment-method-domain'].get.security).toEqual([{ bearerAuth: [] }]);
    // Public, and public with more for a signed-in creator (their unpublished campaign).
    expect(doc.paths['/charities'].get.security).toEqual([]);
    expect(doc.paths['/events/{id}'].get.security).toEqual([{}, { bearerAuth: [] }]);
    expect(doc.paths['/site/refresh-token'].post.security).toEqual([{ sessionCookie: [] }]);
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, { security?: Record<string, string[]>[] }>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.security, `${method} ${path}`).toBeDefined();
        for (const requirement of operation.security!) {
          for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes[scheme], `${method} ${path}: ${scheme}`).toBeDefined();
        }
      }
    }
  });

  it("names every operation with a summary and a unique operationId, a route's own first", () => {
    const ids: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, { summary?: string; operationId?: string }>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
        expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
        ids.push(operation.operationId!);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/webhooks/endpoints'].get.operationId).toBe('listWebhookEndpoints');
    expect(doc.paths['/events/{id}/money.csv'].get.operationId).toBe('getEventsByIdMoneyCsv');
    expect(doc.paths['/admin/charities/{id}/representatives/{userId}'].delete.operationId).toBe('deleteAdminCharitiesByIdRepresentativesByUserId');
  });

  it('refuses to generate a document where two operations would share an operationId', () => {
    const operation = () => ({ responses: {} });
    const clash = { paths: { '/a-b': { get: operation() }, '/a/b': { get: operation() } } };
    expect(() => openapiDocumentTransform({ openapiObject: clash })).toThrow(/getAB/);
    expect(operationIdOf('get', '/me/statements/{year}.pdf')).toBe('getMeStatementsByYearPdf');
  });

  it('has no two paths one URL could match: the campaign read is GET /events/{id}, its older path answers the same off the document', async () => {
    expect(doc.paths['/events/show/{id}']).toBeUndefined();
    expect(doc.paths['/events/{id}'].get.summary).toMatch(/One campaign/);
    // Read and changed through one path, under one parameter name.
    expect(Object.keys(doc.paths['/fundraising-pages/{page}'])).toEqual(expect.arrayContaining(['get', 'patch']));
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const path of [`/api/events/${missing}`, `/api/events/show/${missing}`]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { code: string }).code).toBe('NOT_FOUND');
    }
  });

  it('keeps the admin check on the admin console routes: a visitor is refused before anything runs, HEAD too', async () => {
    for (const method of ['GET', 'HEAD']) expect((await fetch(`${server.url}/api/admin/users`, { method })).status, method).toBe(401);
    expect((await fetch(`${server.url}/api/admin/payment-method-domain`)).status).toBe(401);
  });

  it('lists the keys of a record keyed by an enum, which it requires', () => {
    const byStatus = doc.paths['/admin/dashboard'].get.responses['200'].content['application/json'].schema.properties.data.properties.campaigns_by_status;
    expect(Object.keys(byStatus.properties).sort()).toEqual([...byStatus.required].sort());
    expect(byStatus.properties.pending).toEqual({ type: 'number' });
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
