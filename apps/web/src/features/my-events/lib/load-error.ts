import { MY_EVENTS_MESSAGES } from '@pledgeway/domain/schemas/my-events';

export interface LoadFailure {
  message: string;
  /** Demo Mode starts on its own (docs/product.md#8-messages); after a 500 it is offered instead. */
  demoMode: 'automatic' | 'offered';
}

/** The My Events load errors of docs/product.md#8-messages, in its order. */
export function describeLoadFailure(error: unknown): LoadFailure {
  const status = typeof error === 'object' && error && 'status' in error ? Number((error as { status: unknown }).status) : 0;
  if (status === 401) return { message: MY_EVENTS_MESSAGES.unauthorized, demoMode: 'automatic' };
  if (status >= 500) return { message: MY_EVENTS_MESSAGES.serverError, demoMode: 'offered' };
  const message =
    status > 0 && error instanceof Error && error.message && error.message !== 'Unexpected error occurred' ? error.message : MY_EVENTS_MESSAGES.network;
  return { message, demoMode: 'automatic' };
}
