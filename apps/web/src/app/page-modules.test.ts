import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_MODULES, SIGNED_IN_PAGE_MODULES, USER_LAYOUT_MODULE, pageModuleOf, signedInPageModulesOf } from './page-modules';

const webRoot = path.resolve(import.meta.dirname, '../..');

describe('page modules', () => {
  it('names files that exist and that the router lazy-loads', () => {
    const router = readFileSync(path.join(webRoot, 'src/app/router.tsx'), 'utf8');
    const lazyImport = (module: string) => module.slice('src/'.length).replace(/\.tsx$/, '');
    for (const [, module] of [...PAGE_MODULES, ...SIGNED_IN_PAGE_MODULES, ['', USER_LAYOUT_MODULE] as const]) {
      expect(existsSync(path.join(webRoot, module)), module).toBe(true);
      // `@/app/...` or, from the router's own folder, `./...`.
      expect(
        [`import('@/${lazyImport(module)}')`, `import('./${lazyImport(module).replace(/^app\//, '')}')`].some((call) => router.includes(call)),
        module,
      ).toBe(true);
    }
  });

  it('finds the page of a path, the kind lists and an event page included', () => {
    expect(pageModuleOf('/')).toBe('src/features/marketing/pages/home.tsx');
    expect(pageModuleOf('/events/money-bomb')).toBe('src/features/campaign-lists/pages/campaign-list.tsx');
    expect(pageModuleOf('/events/0b6f5a52-2f2e-4a43-9d4e-2f8a37e0a001')).toBe('src/features/campaigns/pages/event-page.tsx');
    expect(pageModuleOf('/user/dashboard')).toBeUndefined();
  });

  it('names the layout and the page of a signed-in path, the most specific route first', () => {
    expect(signedInPageModulesOf('/user/event/edit/0b6f5a52')).toEqual([USER_LAYOUT_MODULE, 'src/features/campaigns/pages/edit-event.tsx']);
    expect(signedInPageModulesOf('/user/event/create')).toEqual([USER_LAYOUT_MODULE, 'src/features/campaigns/pages/create-event.tsx']);
    expect(signedInPageModulesOf('/user/event/0b6f5a52')).toEqual([USER_LAYOUT_MODULE, 'src/features/campaigns/pages/event-summary.tsx']);
    expect(signedInPageModulesOf('/admin/reviews/0b6f5a52')).toEqual([USER_LAYOUT_MODULE, 'src/app/routes/admin-console.tsx']);
    expect(signedInPageModulesOf('/user/no-such-page')).toEqual([]);
    expect(signedInPageModulesOf('/events')).toEqual([]);
  });
});
