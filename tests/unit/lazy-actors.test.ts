import { describe, expect, it } from 'vitest';
import { LazyActors } from '../../src/app/lazy-actors';

describe('lazily loaded actors', () => {
  it('load again on the next use after their code could not be downloaded', async () => {
    let attempts = 0;
    const lazy = new LazyActors(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return 'actors';
    });
    await expect(lazy.get()).rejects.toThrow('Failed to fetch');
    await expect(lazy.get()).resolves.toBe('actors');
    await expect(lazy.get()).resolves.toBe('actors');
    expect(attempts).toBe(2);
  });
});
