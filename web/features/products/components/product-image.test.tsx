import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PictureImage } from './product-image.tsx';

const picture = (src: string) => {
  render(<PictureImage src={src} alt="A tool" sizes="(min-width: 1024px) 25vw, 50vw" />);
  return screen.getByRole('img', { name: 'A tool' });
};

describe('PictureImage', () => {
  it('reads one of the shop’s own pictures from the files the build made of it, at 400 and 800 px', () => {
    const image = picture('/images/products/tenon-saw.webp');
    // In a build these are /assets/tenon-saw-<hash>.webp; here, the files as the dev server names them.
    expect(image.getAttribute('src')).toMatch(/\/product-pictures\/tenon-saw\.webp$/);
    expect(image.getAttribute('srcset')).toMatch(/^\S+\/tenon-saw-400\.webp 400w, \S+\/tenon-saw\.webp 800w$/);
    expect(image.getAttribute('sizes')).toBe('(min-width: 1024px) 25vw, 50vw');
  });

  it('offers an uploaded picture at 400 and 800 px', () => {
    const src = '/api/product-images/0000abcd-0000-4000-8000-000000000000';
    const image = picture(src);
    expect(image.getAttribute('src')).toBe(src);
    expect(image.getAttribute('srcset')).toBe(`${src}?w=400 400w, ${src} 800w`);
  });

  it.each([
    ['an address elsewhere', 'https://images.example.com/plane.jpg'],
    ['a shop picture the build does not have', '/images/products/no-such-tool.webp'],
  ])('offers %s as it is', (_what, src) => {
    const image = picture(src);
    expect(image.getAttribute('src')).toBe(src);
    expect(image.getAttribute('srcset')).toBeNull();
    expect(image.getAttribute('sizes')).toBeNull();
  });
});
