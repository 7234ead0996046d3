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

/**
 * Each API module shows one face, its `index.ts`: its plugin (the routes it serves, any link-preview
 * resolver) and its contract (services, records, types, and the repositories that take the caller's
 * transaction, such as the audit log's and the ledger's). A file in one module may import from
 * another module only that module's `index.ts`; everything else of a module is its own. The
 * modules' list (`modules/index.ts`) takes each module from its face too. Tests and test helpers
 * (`*.test.ts`, `test-*.ts`) are exempt, in eslint.config.js: they set up and inspect a module's
 * insides (its tables, its jobs) as no other module may.
 */
const FACE = 'index.ts';
const MESSAGE = "A module uses another module only through that module's index.ts, its face (CONTRIBUTING.md, 'API modules').";

/** One zone per API module, and one for the modules' list: another module's files are off limits, its index.ts aside. */
export function apiModuleZones() {
  const modules = directories(API_MODULES);
  const faces = (others) => others.map((other) => `./${other}/${FACE}`);
  return [
    ...modules.map((module) => ({
      target: `./${API_MODULES}/${module}`,
      from: `./${API_MODULES}`,
      except: [`./${module}`, ...faces(modules.filter((other) => other !== module))],
      message: MESSAGE,
    })),
    { target: `./${API_MODULES}/${FACE}`, from: `./${API_MODULES}`, except: faces(modules), message: MESSAGE },
  ];
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
