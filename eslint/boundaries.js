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
 * an audit entry or a ledger posting commits or rolls back with the change it records; and the
 * ledger's payout order, the one SQL rule of which money a payout reached, which the payouts, the
 * open ledger and the charity portal must share to agree.
 */
const SHARED_CONTRACTS = new Set(['audit/repository.ts', 'ledger/repository.ts', 'ledger/payout-order-repository.ts']);

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
    const from = modules
      .filter((other) => other !== module)
      .flatMap((other) => files.get(other))
      .filter((file) => !SHARED_CONTRACTS.has(file))
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
