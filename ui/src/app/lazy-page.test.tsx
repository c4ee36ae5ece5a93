import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

const Page = () => <p>page</p>;

describe('lazyPage', () => {
  it('has its component only once the module and what it waits for have arrived', async () => {
    let arrive = () => {};
    const ready = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const page = lazyPage(async () => ({ Component: Page, ready }));
    const loaded = page.load();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(page.Component).toBeNull();
    arrive();
    await loaded;
    expect(page.Component).toBe(Page);
  });

  it('fetches a module once, and again after a failure', async () => {
    const importModule = vi
      .fn<() => Promise<{ Component: typeof Page }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Component: Page });
    const page = lazyPage(importModule);
    await expect(page.load()).rejects.toThrow('offline');
    await page.load();
    await page.load();
    expect(importModule).toHaveBeenCalledTimes(2);
    expect(page.Component).toBe(Page);
  });
});
