import { ApiError } from './api-client';

/** What the API client says when the server gave no message of its own (docs/product.md#8-messages). */
const NO_SERVER_MESSAGE = 'Unexpected error occurred';

/** The server's own message for a failed request, else the page's fallback (docs/product.md#8-messages). */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message !== NO_SERVER_MESSAGE ? error.message : fallback;
}
