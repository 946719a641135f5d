import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PictureImage } from './product-image.tsx';

describe('PictureImage', () => {
  it.each([
    ['one of the shop’s own', '/images/products/tenon-saw.webp', '/images/products/tenon-saw-400.webp 400w, /images/products/tenon-saw.webp 800w'],
    ['an uploaded', '/api/product-images/0000abcd-0000-4000-8000-000000000000', '/api/product-images/0000abcd-0000-4000-8000-000000000000?w=400 400w, /api/product-images/0000abcd-0000-4000-8000-000000000000 800w'],
  ])('offers %s picture at 400 and 800 px, for the browser to pick by its place', (_kind, src, srcSet) => {
    render(<PictureImage src={src} alt="A tool" sizes="(min-width: 1024px) 25vw, 50vw" />);
    const image = screen.getByRole('img', { name: 'A tool' });
    expect(image.getAttribute('srcset')).toBe(srcSet);
    expect(image.getAttribute('sizes')).toBe('(min-width: 1024px) 25vw, 50vw');
  });

  it('offers an address elsewhere as it is', () => {
    render(<PictureImage src="https://images.example.com/plane.jpg" alt="A plane" sizes="50vw" />);
    const image = screen.getByRole('img', { name: 'A plane' });
    expect(image.getAttribute('srcset')).toBeNull();
    expect(image.getAttribute('sizes')).toBeNull();
  });
});
