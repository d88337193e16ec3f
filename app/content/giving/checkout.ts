/** Where Stripe's hosted Checkout pages are: the giving form's post is answered with a redirect there. */
export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com'

/**
 * The origins a form post may be redirected to (the CSP's `form-action`, which browsers apply to a post's
 * redirects too): Stripe's Checkout, and when STRIPE_API_URL names a stand-in for Stripe (tests), that stand-in,
 * whose sessions' pages are its own.
 */
export function checkoutOrigins(stripeApiUrl: string) {
  const api = new URL(stripeApiUrl).origin
  return api === 'https://api.stripe.com' ? [STRIPE_CHECKOUT_ORIGIN] : [STRIPE_CHECKOUT_ORIGIN, api]
}
