import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { MultipartParts } from '../context.ts';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type JsonObject = Record<string, unknown>;

const ERROR_SCHEMA = {
  type: 'object',
  required: ['success', 'error', 'message', 'code'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    error: { type: 'string' },
    message: { type: 'string' },
    code: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
    errorId: { type: 'string', description: 'Present on 500: the id of the logged error' },
    statusText: { type: 'string' },
  },
};

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/**
 * Per route: the route's zod schemas, plus the bearer scheme where the route authenticates, the
 * documented error answers, and a multipart body where the route reads one by hand.
 */
export function openapiRouteTransform(app: FastifyInstance) {
  return (input: TransformInput) => {
    const transformed = jsonSchemaTransform(input) as { schema: JsonObject; url: string };
    const handlers = [input.route.preHandler ?? []].flat();
    const authenticated = handlers.some((handler) => handler === app.authenticate || handler === app.requireAdmin || handler === app.requireToken);
    const schema = transformed.schema;
    if (authenticated) schema.security = [{ bearerAuth: [] }];
    // A route open to personal API keys names the scope a key needs (decision 148).
    const keyScope = (input.route.config as { apiKeyScope?: string } | undefined)?.apiKeyScope;
    if (authenticated && keyScope) {
      schema.security = [{ bearerAuth: [] }, { apiKey: [] }];
      schema['x-api-key-scope'] = keyScope;
      schema.description = [schema.description, `API keys need the \`${keyScope}\` scope.`].filter(Boolean).join('\n\n');
    }
    const consumes = (schema.consumes as string[] | undefined) ?? [];
    if (consumes.includes('multipart/form-data') && !schema.body) {
      const parts = (input.route.config as { multipart?: MultipartParts } | undefined)?.multipart;
      const properties = Object.fromEntries([
        ...(parts?.fields ?? []).map((name) => [name, { type: 'string' }]),
        ...(parts?.files ?? []).map((name) => [name, { type: 'string', format: 'binary' }]),
      ]);
      schema.body = {
        type: 'object',
        properties,
        additionalProperties: true,
        description: 'multipart/form-data: the form fields named in docs/product.md#7-api-calls and files',
      };
    }
    return transformed;
  };
}

/** A `nullable` enum lists `null` too, so validators built from the document accept what the API sends. */
function addNullToNullableEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(addNullToNullableEnums);
  if (!node || typeof node !== 'object') return;
  const object = node as JsonObject;
  if (object.nullable === true && Array.isArray(object.enum) && !object.enum.includes(null)) object.enum.push(null);
  Object.values(object).forEach(addNullToNullableEnums);
}

/** The whole document: security scheme, the one error shape, and error answers on every operation. */
export function openapiDocumentTransform({ openapiObject }: { openapiObject: JsonObject }): JsonObject {
  const components = (openapiObject.components ??= {}) as JsonObject;
  components.securitySchemes = {
    bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    apiKey: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'pw_key_…',
      description: 'A personal API key, sent as `Authorization: Bearer pw_key_…`; each operation open to keys names the scope it needs in `x-api-key-scope`.',
    },
  };
  ((components.schemas ??= {}) as JsonObject).Error = ERROR_SCHEMA;
  for (const path of Object.values((openapiObject.paths ?? {}) as Record<string, Record<string, JsonObject>>)) {
    for (const operation of Object.values(path)) {
      const responses = (operation.responses ??= {}) as JsonObject;
      responses['400'] ??= errorResponse('Invalid input (VALIDATION_FAILED, MALFORMED_JSON, NUL_CHARACTER, INVALID_UNICODE, BAD_URL)');
      if (operation.security) {
        responses['401'] ??= errorResponse('No valid access token');
        responses['403'] ??= errorResponse('Not allowed for this user');
      }
      responses['404'] ??= errorResponse('Not found');
      responses['414'] ??= errorResponse('URL too long');
      responses['429'] ??= errorResponse('Too many requests');
      responses['500'] ??= errorResponse('Unexpected error (body carries only an errorId)');
    }
  }
  addNullToNullableEnums(openapiObject);
  return openapiObject;
}
