import { expect, it } from 'vitest';

it('turns off zod’s eval probe through the setting zod reads', async () => {
  await import('./zod-without-eval.ts');
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
});
