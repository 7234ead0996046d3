import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiTransport, tokenStore } from './api-client';
import { AuthProvider, useAuth } from './auth';

function Status() {
  return <p>{useAuth().status}</p>;
}

function renderProvider() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <Status />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  tokenStore.clear();
  setApiTransport(fetch);
  vi.restoreAllMocks();
});

describe('the session check when the page opens', () => {
  it('keeps the access token when the check gets no answer, so the next page checks again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    tokenStore.set('token-of-a-signed-in-user');
    setApiTransport(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { findByText } = renderProvider();
    await findByText('anonymous');
    expect(tokenStore.get()).toBe('token-of-a-signed-in-user');
    expect(warn).toHaveBeenCalled();
  });

  it('ends the session when the server says there is none', async () => {
    tokenStore.set('token-the-server-no-longer-knows');
    setApiTransport(
      async () => new Response(JSON.stringify({ success: false, message: 'Unauthorized' }), { status: 401, headers: { 'content-type': 'application/json' } }),
    );
    const { findByText } = renderProvider();
    await findByText('anonymous');
    await waitFor(() => expect(tokenStore.get()).toBeNull());
  });
});
