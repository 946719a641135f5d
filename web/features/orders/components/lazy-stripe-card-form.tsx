import { lazy } from 'react';
import type StripeCardForm from './stripe-card-form.tsx';

/**
 * Stripe Elements' card form, loaded only when the shop takes cards through Stripe (the payment page
 * and the checkout). React's lazy() forgets that the form is generic over what the payment pays (an
 * order or a checkout); the cast gives that back, and is true at run time, where lazy() renders the
 * same component.
 */
export const LazyStripeCardForm = lazy(() => import('./stripe-card-form.tsx')) as unknown as typeof StripeCardForm;
