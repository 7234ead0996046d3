import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEARCH_MAX_RESULTS, SearchQuery, SearchResponse } from '@pledgeway/domain/schemas/search';
import { searchCampaigns, searchCharities, toPrefixQuery } from './repository.ts';

/** GET /api/search?q=: live campaigns and charities whose words start with what was typed. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    { schema: { tags: ['search'], summary: 'Search campaigns and charities', querystring: SearchQuery, response: { 200: SearchResponse } } },
    async (request) => {
      const query = request.query.q;
      const prefixQuery = toPrefixQuery(query);
      if (!prefixQuery) return { query, campaigns: [], charities: [] };
      const [campaigns, charities] = await Promise.all([
        searchCampaigns(app.ctx.database, prefixQuery, SEARCH_MAX_RESULTS),
        searchCharities(app.ctx.database, prefixQuery, SEARCH_MAX_RESULTS),
      ]);
      return { query, campaigns, charities };
    },
  );
};
