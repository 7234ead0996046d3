// Initial JavaScript of each public page, from the build manifest: the entry chunk, the page's own
// chunk, every chunk they import statically (what the browser must load before the page can
// render), and the page template's inline script; gzip level 9. Chunks a page loads later on
// purpose (dynamic imports: sections below the fold, dialogs, toasts, and the footer every page
// loads after its first screen) are listed separately. Public pages arrive rendered from the
// server (docs/decisions/071); this is what they download and run to hydrate.
// Usage: npm run build -w apps/web && node --import tsx scripts/measure-initial-js.ts [--check]
// With --check (npm test runs it), a page over the 120 KB budget (docs/architecture.md#budgets) fails the run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
const manifest: Record<string, Chunk> = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const pages: Record<string, string> = {
  '/': 'src/features/marketing/pages/home.tsx',
  '/our-story': 'src/features/marketing/pages/our-story.tsx',
  '/services': 'src/features/marketing/pages/services.tsx',
  '/terms-of-use': 'src/features/marketing/pages/terms.tsx',
  '/privacy-policy': 'src/features/marketing/pages/privacy.tsx',
  '/support': 'src/features/marketing/pages/support.tsx',
  '/contact': 'src/features/contact/pages/contact.tsx',
  '/events (and each kind)': 'src/features/campaign-lists/pages/campaign-list.tsx',
  '/events/{id}': 'src/features/campaigns/pages/event-page.tsx',
  '/charities': 'src/features/charities/pages/charities.tsx',
  '/login': 'src/features/auth/pages/login.tsx',
  '/register': 'src/features/auth/pages/register.tsx',
  '/forgot-password': 'src/features/auth/pages/forgot-password.tsx',
  '/reset-password': 'src/features/auth/pages/reset-password.tsx',
};

/** Loaded by the frame of every page once its first screen is there (app/layout/root-layout.tsx). */
const FRAME_LATER = ['src/app/layout/footer.tsx'];

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

function staticClosure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (keys: Iterable<string>) => [...keys].reduce((total, key) => total + gzipSize(manifest[key]!.file), 0);

// Every page also carries the template's inline script (it holds a press on a button before the app
// has hydrated it, docs/decisions/120): counted with each page's initial JavaScript.
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const inlineScripts = [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, text]) => text).join('');
const inlineBytes = inlineScripts ? gzipSync(inlineScripts, { level: 9 }).length : 0;

console.log(`entry chunk: ${kb(sum(staticClosure([entryKey])))}, inline script of every page: ${inlineBytes} B\n`);
console.log('| route | initial JS (gzip) | loaded later on purpose |\n|---|---|---|');
const BUDGET_BYTES = 120 * 1024;
const overBudget: string[] = [];
for (const [route, source] of Object.entries(pages)) {
  if (!manifest[source]) throw new Error(`${source} is not in the build manifest`);
  const initial = staticClosure([entryKey, source]);
  const laterOfPage = new Set([...staticClosure([...FRAME_LATER, ...(manifest[source]!.dynamicImports ?? [])])].filter((key) => !initial.has(key)));
  const bytes = sum(initial) + inlineBytes;
  if (bytes > BUDGET_BYTES) overBudget.push(`${route} (${kb(bytes)})`);
  console.log(`| \`${route}\` | ${kb(bytes)} | ${kb(sum(laterOfPage))} |`);
}
if (process.argv.includes('--check') && overBudget.length) {
  console.error(`\nOver the ${kb(BUDGET_BYTES)} budget of initial JavaScript: ${overBudget.join(', ')}.`);
  console.error('Load what the first screen does not need with a dynamic import (docs/performance.md).');
  process.exit(1);
}
