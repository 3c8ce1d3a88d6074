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

  it('has no entries for the back office or an unknown domain', async () => {
    await expect(loadEndpointGroup('staffUsers')).resolves.toBeUndefined();
    await expect(loadEndpointGroup('toString')).resolves.toBeUndefined();
  });
});
