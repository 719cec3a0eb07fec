import { PAGE_PATTERNS } from '../frontend/src/paths.ts';
import { routePattern } from './pages.ts';

/**
 * The screens of the SPA as whole-path patterns, for the servers that choose which file answers
 * an address (scripts/local/static.ts locally, the CloudFront function of infra/web-security.ts):
 * these get the app shell; an address none matches gets the not-found page with a 404.
 */
export const APP_ROUTES: readonly RegExp[] = Object.values(PAGE_PATTERNS)
  .filter((p) => p !== PAGE_PATTERNS.notFound)
  .map(routePattern);
