import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { loadRedis } from './bus';

/**
 * A role at most one node holds at a time (the node that publishes the market's ticks). `hold()` takes the
 * lease when it is free, renews it when this node has it, and says whether this node holds it now; a node
 * that stops renewing (stopped, cut off) loses it after `ttlMs`, and another node takes it over.
 */
export interface Lease {
  hold(): Promise<boolean>;
  release(): Promise<void>;
}

/** One node: always the holder. */
export const soleLease = (): Lease => ({ hold: async () => true, release: async () => {} });

/** Renews the lease only while this node holds it (compare and extend in one step). */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** Several nodes: a Redis key holding the holder's id with an expiry, taken with SET NX. */
export function redisLease(url: string, name: string, ttlMs: number, log: Pick<Logger, 'warn'>): Lease {
  const Redis = loadRedis();
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  redis.on('error', (error) => log.warn({ err: error }, `lease ${name}: redis error`));
  const key = `kabuto:lease:${name}`;
  const node = randomUUID();
  return {
    hold: async () => {
      try {
        if ((await redis.eval(RENEW, 1, key, node, ttlMs)) === 1) return true;
        return (await redis.set(key, node, 'PX', ttlMs, 'NX')) === 'OK';
      } catch {
        return false; // unsure whether it still holds it: acting as holder could make two
      }
    },
    release: async () => {
      try {
        await redis.eval(RELEASE, 1, key, node);
      } finally {
        await redis.quit().catch(() => {});
      }
    },
  };
}
