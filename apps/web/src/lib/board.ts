import { routes } from '@kabuto/contract';
import { apiClient } from './api-client';
import { marketKeys, useLiveQuery } from './market-data';
import { useChannel, useSocketLive } from './realtime';

/**
 * Five price levels each side, live: the board channel, the HTTP read until its snapshot (or while down). Read
 * only while `enabled` (an order panel before it opens reads nothing).
 */
export function useBoard(code: string, enabled = true) {
  const socketLive = useSocketLive();
  const pushed = useChannel(enabled ? `board:${code}` : null);
  const read = useLiveQuery({
    queryKey: marketKeys.board(code),
    queryFn: () => apiClient.call(routes.market.board, { params: { code } }),
    enabled,
  });
  return { ...read, data: (socketLive && pushed) || read.data || pushed };
}
