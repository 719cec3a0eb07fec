/**
 * Stand-in for axios in the Lambda bundles. Amazon Pay's SDK requires axios for its own HTTP
 * calls, but we use the SDK only to sign requests and send them with fetch
 * (functions/payments/amazon-pay.ts), so its request path never runs; bundling axios would add
 * about 200 KB to each Amazon Pay function. Any call fails loudly.
 */
function unused(): never {
  throw new Error('axios is not bundled: Amazon Pay requests are sent with fetch');
}

export default { request: unused, get: unused, post: unused, create: unused };
export const request = unused;
