import type { Rejected, RejectReason } from './events';
import type { EpochMs } from './records';
import type { State } from './state';

export function reject(
  state: State,
  command: Rejected['command'],
  reason: RejectReason,
  ids: { accountId: string; orderId?: string; positionId?: string },
  at: EpochMs,
): void {
  state.out.push({
    type: 'Rejected',
    command,
    reason,
    accountId: ids.accountId,
    orderId: ids.orderId ?? null,
    positionId: ids.positionId ?? null,
    at,
  });
}
