// Import boundaries, enforced by import-x/no-restricted-paths (which resolves every import, so a
// relative path, an alias and a bare path are caught alike). CONTRIBUTING.md explains the rules.
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
const API_MODULES = 'apps/api/src/modules';
const WEB_FEATURES = 'apps/web/src/features';

const directories = (folder) =>
  readdirSync(path.join(ROOT, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** A module's private files: its SQL (repository), its HTTP surface (routes) and its tables. */
const PRIVATE_FILE = /(^|-)(repository|routes|tables)\.ts$/;

/**
 * Repositories other modules call directly by design: each takes the caller's transaction so that
 * an audit entry or a ledger posting commits or rolls back with the change it records.
 */
const SHARED_CONTRACTS = new Set(['audit/repository.ts', 'ledger/repository.ts']);

/**
 * TEMPORARY: cross-module imports that existed when the rule arrived, in modules being reworked
 * at the same time. Each entry is `importing module → imported file`; remove an entry when its
 * import goes through the other module's service (issue 9, "API module boundaries").
 */
export const TEMPORARY_API_EXCEPTIONS = {
  // The account closing rules take the sign-in routes' cookie helpers and the users table directly.
  account: ['auth/routes.ts', 'users/repository.ts'],
  // Registration, sign-in and profile read and write users through the users repository.
  auth: ['users/repository.ts'],
  // Campaign creation and editing load the owner's row through the users repository.
  events: ['users/repository.ts', 'catalog/repository.ts', 'charging/repository.ts', 'lifecycle/repository.ts', 'payouts/repository.ts'],
  // Invitations read and update campaigns through the events repository.
  participants: ['events/repository.ts'],
  // Saved cards read the customer's user row through the users repository.
  'payment-methods': ['users/repository.ts'],
  // Money and console modules that arrived together with the rule; each still reads another
  // module's rows directly and is next to be moved behind that module's service.
  admin: ['users/repository.ts'],
  charging: ['events/repository.ts', 'lifecycle/repository.ts'],
  lifecycle: ['my-events/repository.ts'],
  pledges: ['payment-methods/repository.ts', 'users/repository.ts'],
  updates: ['events/repository.ts'],
};

function privateFiles(module) {
  return readdirSync(path.join(ROOT, API_MODULES, module), { recursive: true })
    .map(String)
    .filter((file) => PRIVATE_FILE.test(path.basename(file)))
    .map((file) => `${module}/${file.split(path.sep).join('/')}`);
}

/** One zone per API module: it may not import another module's repository, routes or tables. */
export function apiModuleZones() {
  const modules = directories(API_MODULES);
  const files = new Map(modules.map((module) => [module, privateFiles(module)]));
  return modules.flatMap((module) => {
    const allowed = new Set(TEMPORARY_API_EXCEPTIONS[module] ?? []);
    const from = modules
      .filter((other) => other !== module)
      .flatMap((other) => files.get(other))
      .filter((file) => !SHARED_CONTRACTS.has(file) && !allowed.has(file))
      .map((file) => `./${API_MODULES}/${file}`);
    if (!from.length) return [];
    return [
      {
        target: `./${API_MODULES}/${module}`,
        from,
        message: "A module reaches another module through its service, never its repository, routes or tables (CONTRIBUTING.md, 'API modules').",
      },
    ];
  });
}

/** One zone per web feature: it imports nothing from another feature, by alias or relative path. */
export function webFeatureZones() {
  return directories(WEB_FEATURES).map((feature) => ({
    target: `./${WEB_FEATURES}/${feature}`,
    from: `./${WEB_FEATURES}`,
    except: [`./${feature}`],
    message: 'A feature may not import another feature; move shared code to components/ or lib/.',
  }));
}
