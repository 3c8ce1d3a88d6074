import type { api } from '@kabuto/contract/endpoints';

type EndpointTable = typeof api;

/**
 * The endpoint table builds every response schema (zod) when it is evaluated: 100 to 350 ms of main thread at
 * a phone's speed, in one task, as the first page's data arrives. Its parts are evaluated first, each in a
 * task of its own (zod and the shared fields, then each domain's schemas, fetched together), so that no single
 * task blocks the page that long; the table itself then only assembles them.
 */
export function loadEndpointTable(): Promise<EndpointTable> {
  endpointTable ??= (async () => {
    await import('@kabuto/contract/schemas/fields');
    await Promise.all([
      import('@kabuto/contract/schemas/user'),
      import('@kabuto/contract/schemas/auth'),
      import('@kabuto/contract/schemas/market'),
      import('@kabuto/contract/schemas/trading'),
      import('@kabuto/contract/schemas/alerts'),
      import('@kabuto/contract/schemas/messages'),
      import('@kabuto/contract/schemas/funding'),
      import('@kabuto/contract/schemas/kyc'),
      import('@kabuto/contract/schemas/factors'),
      import('@kabuto/contract/schemas/risk'),
      import('@kabuto/contract/schemas/staff'),
    ]);
    return (await import('@kabuto/contract/endpoints')).api;
  })().catch((error: unknown) => {
    endpointTable = undefined; // offline before the chunks were ever fetched: the next call tries again
    throw error;
  });
  return endpointTable;
}
let endpointTable: Promise<EndpointTable> | undefined;
