import { describe, expect, it } from 'vitest';
import './zod-setup';

describe('zod setup', () => {
  it('turns zod jitless through the global zod reads, before zod itself loads', async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
