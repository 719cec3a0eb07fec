import { APP_ROUTES } from '../site/app-routes.ts';
import { APP_SHELL_FILE, isPattern, NOT_FOUND_PAGE, PRERENDERED_PAGES, routePattern } from '../site/pages.ts';
import { BROTLI_ACCEPTED, BROTLI_SUFFIX, PRECOMPRESSED_PATH } from '../site/precompressed.ts';

/**
 * The site's Content-Security-Policy: the app itself plus exactly what the four payment
 * providers load in the browser, and nothing else.
 *
 * - Stripe.js (card and Apple Pay through Stripe): script and frames from js.stripe.com,
 *   3-D Secure frames from hooks.stripe.com, API calls to api.stripe.com.
 * - Klarna Payments: the SDK from x.klarnacdn.net, its widget frames and API on *.klarna.com.
 * - Amazon Pay: checkout.js from static-na.payments-amazon.com, the button and sign-in from
 *   payments.amazon.com / *.payments-amazon.com.
 * - Apple Pay: ApplePaySession is built into Safari; the button script is on applepay.cdn-apple.com.
 *   Merchant validation runs server-side, so the browser needs no Apple API origin.
 */
export const CSP_DIRECTIVES: Record<string, readonly string[]> = {
  'default-src': ["'self'"],
  'script-src': [
    "'self'",
    'https://js.stripe.com',
    'https://*.js.stripe.com',
    'https://x.klarnacdn.net',
    'https://static-na.payments-amazon.com',
    'https://applepay.cdn-apple.com',
  ],
  // Tailwind's stylesheet is a file; inline styles come from the toast library and provider widgets.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': [
    "'self'",
    'data:',
    'https://*.stripe.com',
    'https://x.klarnacdn.net',
    'https://*.klarna.com',
    'https://*.payments-amazon.com',
    'https://applepay.cdn-apple.com',
  ],
  'font-src': ["'self'", 'data:', 'https://x.klarnacdn.net'],
  'connect-src': ["'self'", 'https://api.stripe.com', 'https://*.klarna.com', 'https://*.payments-amazon.com', 'https://payments.amazon.com'],
  'frame-src': [
    'https://js.stripe.com',
    'https://*.js.stripe.com',
    'https://hooks.stripe.com',
    'https://*.klarna.com',
    'https://payments.amazon.com',
    'https://*.payments-amazon.com',
  ],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
  'upgrade-insecure-requests': [],
};

export function contentSecurityPolicy(directives = CSP_DIRECTIVES): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * CloudFront Function (viewer request) for the site's default behaviour: which file answers an
 * address, as the local server picks it (site/pages.ts siteFileFor): a prerendered page
 * (`/` -> index.html, `/pricing` -> pricing.html), the app shell for a screen of the SPA
 * (frontend/src/paths.ts), the not-found page for anything else; files are served as they are,
 * a script or stylesheet as its Brotli copy to a browser that accepts it (site/precompressed.ts).
 * Runs on cloudfront-js-2.0, which has no modules, so the table is written into the source.
 */
export function siteRewriteFunction(pages = PRERENDERED_PAGES, appRoutes = APP_ROUTES): string {
  const served = pages.filter((p) => p.status === 200);
  const prerendered = Object.fromEntries(served.filter((p) => !isPattern(p)).map((p) => [p.path, `/${p.file}`]));
  // A frame for every address of a route (the order page's): before the app shell's routes.
  const framed = served.filter(isPattern).map((p) => `[${routePattern(p.path).toString()}, ${JSON.stringify(`/${p.file}`)}]`);
  return `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var encodings = request.headers && request.headers['accept-encoding'];
  if (${PRECOMPRESSED_PATH.toString()}.test(uri) && encodings && ${BROTLI_ACCEPTED.toString()}.test(encodings.value)) {
    request.uri = uri + '${BROTLI_SUFFIX}';
    return request;
  }
  if (uri.split('/').pop().indexOf('.') !== -1) return request;
  var path = uri.length > 1 ? uri.replace(/\\/+$/, '') : uri;
  var pages = ${JSON.stringify(prerendered)};
  if (pages[path]) { request.uri = pages[path]; return request; }
  var frames = [${framed.join(', ')}];
  for (var f = 0; f < frames.length; f++) if (frames[f][0].test(path)) { request.uri = frames[f][1]; return request; }
  var app = [${appRoutes.map((r) => r.toString()).join(', ')}];
  for (var i = 0; i < app.length; i++) if (app[i].test(path)) { request.uri = '/${APP_SHELL_FILE}'; return request; }
  request.uri = '/${NOT_FOUND_PAGE.file}';
  return request;
}`;
}

/** CloudFront Function (viewer response): the not-found page is answered with a 404, as the local server does. */
export const NOT_FOUND_STATUS_FUNCTION = `function handler(event) {
  var response = event.response;
  if (event.request.uri === '/${NOT_FOUND_PAGE.file}' && response.statusCode === 200) {
    response.statusCode = 404;
    response.statusDescription = 'Not Found';
  }
  return response;
}`;
