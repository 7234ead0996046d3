import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { MultipartParts } from '../context.ts';
import { REFRESH_COOKIE } from '../modules/auth/cookies.ts';

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

/** The document's security schemes (decision 185); a route names them in its `security`. */
export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token answered by `POST /site/login` and `POST /site/refresh-token`, sent as `Authorization: Bearer …`.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'pw_key_…',
    description: 'A personal API key, sent as `Authorization: Bearer pw_key_…`; each operation open to keys names the scope it needs in `x-api-key-scope`.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: REFRESH_COOKIE,
    description: 'The httpOnly session cookie set by `POST /site/login`: it renews the access token and ends the session, nothing else.',
  },
} as const;

/** Each scheme named in one requirement is needed together; `{}` is a visitor's (no credentials). */
type SecurityRequirement = { [scheme in keyof typeof SECURITY_SCHEMES]?: string[] };

/**
 * What a route declares in `schema.security` when its hooks cannot show who may call it: the
 * route checks the session in its handler, or answers visitors too. Routes whose `onRequest`,
 * `preValidation` or `preHandler` is `authenticate`, `requireAdmin` or `requireToken` need none.
 */
export const ROUTE_SECURITY: Record<'signedIn' | 'optionalSession' | 'sessionCookie' | 'eitherSession', { [scheme: string]: string[] }[]> = {
  /** The handler refuses a visitor (401) itself. */
  signedIn: [{ bearerAuth: [] }],
  /** Visitors are answered; a signed-in caller may be answered more (their own unpublished campaign). */
  optionalSession: [{}, { bearerAuth: [] }],
  /** The session cookie, and no access token (renewing it). */
  sessionCookie: [{ sessionCookie: [] }],
  /** Ends the session of the cookie or of the access token; without either there is nothing to end. */
  eitherSession: [{ sessionCookie: [] }, { bearerAuth: [] }, {}],
};

const AUTHENTICATING_HOOKS = ['onRequest', 'preValidation', 'preHandler'] as const;

/**
 * Per route: the route's zod schemas, plus the security it needs (decision 185), the documented
 * error answers, and a multipart body where the route reads one by hand.
 */
export function openapiRouteTransform(app: FastifyInstance) {
  const authenticating = new Set<unknown>([app.authenticate, app.requireAdmin, app.requireToken]);
  return (input: TransformInput) => {
    const transformed = jsonSchemaTransform(input) as { schema: JsonObject; url: string };
    const route = input.route as unknown as Record<string, unknown>;
    const hooks = AUTHENTICATING_HOOKS.flatMap((hook) => [route[hook] ?? []].flat());
    const authenticated = hooks.some((hook) => authenticating.has(hook));
    const schema = transformed.schema;
    // A route's own `security` wins; otherwise its hooks tell, and a route without one is public.
    schema.security ??= authenticated ? [{ bearerAuth: [] }] : [];
    // A route open to personal API keys names the scope a key needs (decision 148).
    const keyScope = (input.route.config as { apiKeyScope?: string } | undefined)?.apiKeyScope;
    if (authenticated && keyScope) {
      schema.security = [...(schema.security as SecurityRequirement[]), { apiKey: [] }];
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

/** A zod record keyed by an enum has every key: they are required but listed nowhere, so each gets the record's value schema. */
function listRequiredRecordKeys(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(listRequiredRecordKeys);
  if (!node || typeof node !== 'object') return;
  const object = node as JsonObject;
  const values = object.additionalProperties;
  if (Array.isArray(object.required) && values && typeof values === 'object') {
    const properties = (object.properties ??= {}) as JsonObject;
    for (const key of object.required as string[]) properties[key] ??= structuredClone(values);
  }
  Object.values(object).forEach(listRequiredRecordKeys);
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The operationId of a route that names none: its method and path in camel case, each parameter
 * as `By…` (`GET /events/{id}/money.csv` → `getEventsByIdMoneyCsv`), so it is stable and unique
 * as long as the route is (decision 185).
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split(/[/.\-_]+/)
    .filter(Boolean)
    .map((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment);
      return parameter ? `By${capitalised(parameter[1]!)}` : capitalised(segment);
    });
  return method.toLowerCase() + words.join('');
}

const requiresCredentials = (operation: JsonObject) =>
  ((operation.security ?? []) as SecurityRequirement[]).some((requirement) => Object.keys(requirement).length > 0);

/**
 * The whole document: security schemes, the one error shape, error answers and an operationId on
 * every operation.
 */
export function openapiDocumentTransform({ openapiObject }: { openapiObject: JsonObject }): JsonObject {
  const components = (openapiObject.components ??= {}) as JsonObject;
  components.securitySchemes = structuredClone(SECURITY_SCHEMES);
  ((components.schemas ??= {}) as JsonObject).Error = ERROR_SCHEMA;
  const named = new Map<string, string>();
  for (const [path, operations] of Object.entries((openapiObject.paths ?? {}) as Record<string, Record<string, JsonObject>>)) {
    for (const [method, operation] of Object.entries(operations)) {
      const id = (operation.operationId ??= operationIdOf(method, path)) as string;
      const other = named.get(id);
      if (other)
        throw new Error(`Two operations have the operationId ${id}: ${other} and ${method.toUpperCase()} ${path}. Give one an operationId of its own.`);
      named.set(id, `${method.toUpperCase()} ${path}`);
      const responses = (operation.responses ??= {}) as JsonObject;
      responses['400'] ??= errorResponse('Invalid input (VALIDATION_FAILED, MALFORMED_JSON, NUL_CHARACTER, INVALID_UNICODE, BAD_URL)');
      if (requiresCredentials(operation)) {
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
  listRequiredRecordKeys(openapiObject);
  return openapiObject;
}
