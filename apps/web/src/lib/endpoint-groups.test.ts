import { describe, expect, it } from 'vitest';
import { api } from '@kabuto/contract/endpoints';
import { loadEndpointGroup } from './endpoint-groups';

describe('loadEndpointGroup', () => {
  it("loads a domain's contract entries, once", async () => {
    const market = await loadEndpointGroup('market');
    expect(market).toBe(api.market);
    await expect(loadEndpointGroup('market')).resolves.toBe(market);
    await expect(loadEndpointGroup('searchHistory')).resolves.toBe(api.searchHistory);
  });

  it("gives every domain the investor app calls exactly that domain's entries", async () => {
    const domains = Object.keys(api).filter((domain) => !domain.startsWith('staff'));
    for (const domain of domains)
      await expect(loadEndpointGroup(domain), domain).resolves.toBe(api[domain as keyof typeof api]);
  });

  it('has no entries for the back office or an unknown domain', async () => {
    await expect(loadEndpointGroup('staffUsers')).resolves.toBeUndefined();
    for (const domain of ['toString', 'constructor', '__proto__', 'hasOwnProperty'])
      await expect(loadEndpointGroup(domain), domain).resolves.toBeUndefined();
  });
});
