/**
 * What every Stripe API resource outside STRIPE_RESOURCES (functions/payments/stripe.ts) becomes
 * in the Lambda bundles (infra/lambda-bundle.ts): the client still constructs it, and touching it
 * throws a clear error instead of calling Stripe.
 */
export class UnusedStripeResource {
  constructor() {
    // biome-ignore lint/correctness/noConstructorReturn: the instance is a guard around itself.
    return new Proxy(this, {
      get(target, prop) {
        if (typeof prop === 'string' && !(prop in target)) {
          throw new Error(`This Stripe resource is left out of the bundle: add it to STRIPE_RESOURCES in functions/payments/stripe.ts to call .${prop}`);
        }
        return Reflect.get(target, prop);
      },
    });
  }
}
