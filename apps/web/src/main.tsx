import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { readSsrState, renderedBeforeLatestChange, type SsrState } from './app/ssr-state';
import { sessionMayExist } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
// Brand fonts are bundled (no font CDN): Inter for text, Poppins for headings.
import '@fontsource-variable/inter';
import '@fontsource/poppins/latin-600.css';
import '@fontsource/poppins/latin-700.css';
import './styles/index.css';

const queryClient = createQueryClient();
const container = document.getElementById('root')!;
const ssrState = readSsrState();

/**
 * The server's data seeds the cache as fresh: the page was sent (or confirmed unchanged) moments
 * ago. The server renders for a visitor, so with a session the data is marked stale and each query
 * asks again, signed in, once it is on screen (what a signed-in user may do differs); so it is too
 * when the server says the page was rendered before a change it knows of.
 */
function seedQueries(state: SsrState) {
  const fetchedAt = sessionMayExist() || renderedBeforeLatestChange() ? 0 : Date.now();
  for (const query of state.queries.queries) {
    query.state.dataUpdatedAt = fetchedAt;
    query.dehydratedAt = fetchedAt;
  }
  hydrate(queryClient, state.queries);
}

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppProviders queryClient={queryClient} snapshot={ssrState?.snapshot ?? null}>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>
);

if (ssrState) {
  seedQueries(ssrState);
  // Right away, so React listens from the start: a click that comes before its part of the page is
  // hydrated is replayed once it is. In a transition, hydration yields to the browser between
  // pieces of work instead of one long task.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  // Pages the server does not render (the user area, the admin console), and development with Vite.
  createRoot(container).render(app);
}
