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
 * CloudFront Function (viewer request) for the SPA behaviour: a path without a file extension
 * is a client route (/wizard/2, /staff) and gets the app shell; files are served as they are.
 * Runs on cloudfront-js-2.0, which has no modules, so it is kept as a plain source string.
 */
export const SPA_REWRITE_FUNCTION = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;
