import { lazy } from 'react';

/** Stripe Elements' card form, loaded only when the shop takes cards through Stripe (the payment page). */
export const LazyStripeCardForm = lazy(() => import('./stripe-card-form.tsx'));
