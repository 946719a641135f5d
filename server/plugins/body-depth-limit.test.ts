import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './body-depth-limit.ts';

const nestedArrays = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;
const nestedObjects = (depth: number) => JSON.parse('{"a":'.repeat(depth) + '1' + '}'.repeat(depth)) as unknown;

describe('nestsDeeperThan', () => {
  it('counts each array and object as one level', () => {
    expect(nestsDeeperThan(nestedArrays(3), 3)).toBe(false);
    expect(nestsDeeperThan(nestedArrays(4), 3)).toBe(true);
    expect(nestsDeeperThan(nestedObjects(3), 3)).toBe(false);
    expect(nestsDeeperThan(nestedObjects(4), 3)).toBe(true);
  });

  it('finds the deepest branch, wherever it is', () => {
    const body = { email: 'a@example.com', items: [1, 2, { note: 'x' }], meta: { a: { b: { c: [] } } } };
    expect(nestsDeeperThan(body, 5)).toBe(false);
    expect(nestsDeeperThan(body, 4)).toBe(true);
  });

  it('walks 100,000 levels without overflowing the stack', () => {
    expect(nestsDeeperThan(nestedArrays(100_000), 32)).toBe(true);
    expect(nestsDeeperThan(nestedObjects(100_000), 32)).toBe(true);
  });

  it('walks as wide a body as fits in the size limit', () => {
    const wide = { items: Array.from({ length: 300_000 }, () => [1]) };
    expect(nestsDeeperThan(wide, 3)).toBe(false);
    expect(nestsDeeperThan(wide, 2)).toBe(true);
  });

  it('leaves scalars, strings and raw bodies alone', () => {
    for (const body of [undefined, null, 7, 'text', Buffer.from('[[[[')]) expect(nestsDeeperThan(body, 0)).toBe(false);
  });
});
