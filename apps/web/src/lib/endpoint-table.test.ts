import { describe, expect, it } from 'vitest';
import { api } from '@kabuto/contract/endpoints';
import { loadEndpointTable } from './endpoint-table';

describe('loadEndpointTable', () => {
  it('loads the contract endpoint table after its parts, once', async () => {
    const first = await loadEndpointTable();
    expect(first).toBe(api);
    expect(first.market).toBeDefined();
    await expect(loadEndpointTable()).resolves.toBe(first);
  });
});
