// The SEO module's face (CONTRIBUTING.md, 'API modules'): the sitemap and robots.txt at the site
// root (app.ts registers them there, not under /api) and the link previews of the list pages.
export { publicPageMeta, seoRoutes } from './routes.ts';
