import type { PrivateChannel } from '@kabuto/contract';
import type { Lang } from '@kabuto/i18n';
import type { Executor } from '../../database';
import type { AppContext } from '../../platform/context';
import { announceChange } from '../../platform/unit-of-work';
import { balancesOf, balancesView } from '../ledger';
import { feedSummary } from '../messaging';

/**
 * What a private channel sends: the whole current state for one user, read again on every change notice.
 * `lang` is the connection's language, for texts rendered on the server.
 */
export type PrivateSnapshot = (ctx: AppContext, userId: bigint, lang: Lang) => Promise<unknown>;

const BUILT_IN: Record<PrivateChannel, PrivateSnapshot> = {
  balances: async (ctx, userId) => balancesView(await balancesOf(ctx.db, userId)),
  messages: (ctx, userId, lang) => feedSummary(ctx.db, userId, lang),
  // Until the trading module registers its own: nothing to show.
  orders: async () => ({ items: [] }),
  positions: async () => ({ items: [] }),
};

const registered = new Map<PrivateChannel, PrivateSnapshot>();

/**
 * The module that owns a private channel's data says how to read its snapshot (once, when the module is
 * set up). The trading module registers `orders` and `positions`, each returning what its list endpoint's
 * `data` is, e.g. `{ items: [...] }`. Returns what puts back the snapshot this one replaced.
 */
export function registerPrivateChannel(channel: PrivateChannel, snapshot: PrivateSnapshot): () => void {
  const previous = registered.get(channel);
  registered.set(channel, snapshot);
  return () => {
    if (previous) registered.set(channel, previous);
    else registered.delete(channel);
  };
}

export const snapshotOf = (channel: PrivateChannel): PrivateSnapshot =>
  registered.get(channel) ?? BUILT_IN[channel];

/** Change notices of private channels that have no table-level announcement of their own: `<userId>:<channel>`. */
export const USER_CHANNEL_CHANGES = 'realtime.user-channel-changed';

/**
 * Tells every node that `channel` of `userId` changed: each re-reads the snapshot for the user's
 * connections subscribed to it. Pass the open transaction's `tx.db` and the notice goes out once it
 * commits (never after a rollback), or `ctx.db` outside a transaction to send it at once.
 */
export function userChannelChanged(db: Executor, userId: bigint, channel: PrivateChannel): Promise<void> {
  return announceChange(db, USER_CHANNEL_CHANGES, `${userId}:${channel}`);
}
