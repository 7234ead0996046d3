import type { z } from 'zod';

/**
 * An API answer that does not have the shape its shared schema (packages/domain) describes. A
 * money screen shows this error instead of guessing: a renamed field must not read as $0.00.
 */
export class ResponseShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResponseShapeError';
  }
}

/** The answer, parsed by the same zod schema the route declares as its response. */
export function parseResponse<Schema extends z.ZodType>(schema: Schema, body: unknown, what: string): z.infer<Schema> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'the answer';
  throw new ResponseShapeError(`The server's answer for ${what} was not understood (${where}: ${issue?.message ?? 'unexpected shape'}).`);
}
