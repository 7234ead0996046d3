import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_MODULES, pageModuleOf } from './page-modules';

const webRoot = path.resolve(import.meta.dirname, '../..');

describe('page modules', () => {
  it('names files that exist and that the router lazy-loads', () => {
    const router = readFileSync(path.join(webRoot, 'src/app/router.tsx'), 'utf8');
    for (const [, module] of PAGE_MODULES) {
      expect(existsSync(path.join(webRoot, module)), module).toBe(true);
      expect(router, module).toContain(`import('@/${module.slice('src/'.length).replace(/\.tsx$/, '')}')`);
    }
  });

  it('finds the page of a path, the kind lists and an event page included', () => {
    expect(pageModuleOf('/')).toBe('src/features/marketing/pages/home.tsx');
    expect(pageModuleOf('/events/money-bomb')).toBe('src/features/campaign-lists/pages/campaign-list.tsx');
    expect(pageModuleOf('/events/0b6f5a52-2f2e-4a43-9d4e-2f8a37e0a001')).toBe('src/features/campaigns/pages/event-page.tsx');
    expect(pageModuleOf('/user/dashboard')).toBeUndefined();
  });
});
