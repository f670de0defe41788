import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('turns off zod’s compiled parsers (and their eval probe) before zod loads', async () => {
    await import('./zod-config');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // Parsing still works without them.
    expect(z.object({ sku: z.string() }).parse({ sku: 'KV-001' })).toEqual({ sku: 'KV-001' });
  });
});
