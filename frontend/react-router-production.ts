import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Alias, Plugin } from 'vite';

/**
 * React Router 7's package points every import at its development build, production builds too
 * (remix-run/react-router#14102): its development-only warnings and checks run on every visitor's
 * phone. The package ships a production build beside it; a site build imports that one
 * (docs/decisions/0445). `npm run dev` keeps the development build and its warnings.
 */
const packageRoot = dirname(fileURLToPath(import.meta.resolve('react-router/package.json')));
const productionFile = (file: string) => join(packageRoot, 'dist', 'production', file);

/** What the site build's imports of React Router resolve to: the package's production build. */
export const REACT_ROUTER_PRODUCTION_ALIASES: readonly Alias[] = [
  { find: /^react-router$/, replacement: productionFile('index.mjs') },
  { find: /^react-router\/dom$/, replacement: productionFile('dom-export.mjs') },
];

export function reactRouterProductionBuild(): Plugin {
  return {
    name: 'react-router-production-build',
    apply: 'build',
    config() {
      for (const { replacement } of REACT_ROUTER_PRODUCTION_ALIASES) {
        // A React Router that moves its build fails the site build here, not on a visitor's phone.
        if (!existsSync(replacement)) throw new Error(`React Router's production build is not at ${replacement}`);
      }
      return { resolve: { alias: [...REACT_ROUTER_PRODUCTION_ALIASES] } };
    },
  };
}
