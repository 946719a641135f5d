import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductReview } from '../../../../common/schemas/reviews.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { stubServer } from '../../../test/network.ts';
import { ProductReviews } from './product-reviews.tsx';
import { ReviewCard } from './review-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const productId = '00000000-0000-4000-8000-0000000000aa';
const answered: ProductReview = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Rita Reviewer',
  email: 'r•••@example.com',
  review: 'Good gauge, the pin could be sharper.',
  ratings: 4,
  reply: { text: 'Thank you, Rita: <b>finer</b> pins since May.', repliedAt: '2026-11-22T08:00:00.000Z' },
  productId,
  verifiedBuyer: true,
  createdAt: '2026-11-20T09:00:00.000Z',
};
const unanswered: ProductReview = { ...answered, _id: '00000000-0000-4000-8000-000000000002', name: 'Sam Silent', reply: undefined };

describe('the shop’s reply under a review', () => {
  it('is shown, as text, under the review it answers on the product’s page, and under no other', async () => {
    stubServer({ [`GET /api/products/${productId}/reviews`]: { body: [answered, unanswered], headers: { 'x-total-count': '2' } } });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <ProductReviews productId={productId} productName="Marking gauge" rating={{ count: 2, average: 4 }} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const rita = within(await screen.findByRole('article', { name: 'Review by Rita Reviewer' }));
    const note = rita.getByRole('note', { name: 'Reply from Joinery' });
    expect(note.textContent).toContain('Thank you, Rita: <b>finer</b> pins since May.');
    expect(within(note).getByRole('time').getAttribute('datetime')).toBe('2026-11-22T08:00:00.000Z');
    expect(within(screen.getByRole('article', { name: 'Review by Sam Silent' })).queryByRole('note')).toBeNull();
  });

  it('is shown on the home page’s card too', () => {
    render(<ReviewCard review={answered} />);
    expect(screen.getByRole('note', { name: 'Reply from Joinery' }).textContent).toContain('finer');
  });
});
