import type * as IORedis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Logger } from 'pino';

/**
 * Messages between the server's nodes: in-process when there is one node, Redis pub/sub when REDIS_URL is
 * set. The publishing node hears a message at once; `publish` resolves once Redis has passed it to every
 * listening node. Delivery is at most once, so anything kept because of it (a cache) must also listen for
 * `onGap`, which fires when messages may have been missed, and must not rely on the bus while
 * `connected()` is false.
 */
export interface Bus {
  publish(topic: string, message: string): Promise<void>;
  subscribe(topic: string, handler: (message: string) => void): void;
  onGap(handler: () => void): void;
  connected(): boolean;
  close(): Promise<void>;
}

class Subscribers {
  private readonly byTopic = new Map<string, ((message: string) => void)[]>();
  private readonly gapHandlers: (() => void)[] = [];

  add(topic: string, handler: (message: string) => void) {
    this.byTopic.set(topic, [...(this.byTopic.get(topic) ?? []), handler]);
  }
  addGap(handler: () => void) {
    this.gapHandlers.push(handler);
  }
  deliver(topic: string, message: string) {
    for (const handler of this.byTopic.get(topic) ?? []) handler(message);
  }
  gap() {
    for (const handler of this.gapHandlers) handler();
  }
  topics() {
    return [...this.byTopic.keys()];
  }
}

/** One node: delivery is synchronous and never lost. */
export function memoryBus(): Bus {
  const subscribers = new Subscribers();
  return {
    publish: async (topic, message) => subscribers.deliver(topic, message),
    subscribe: (topic, handler) => subscribers.add(topic, handler),
    onGap: (handler) => subscribers.addGap(handler),
    connected: () => true,
    close: async () => {},
  };
}

const CHANNEL_PREFIX = 'kabuto:';
const HEARTBEAT_CHANNEL = `${CHANNEL_PREFIX}bus.heartbeat`;

/**
 * The Redis client, loaded only when REDIS_URL is set: on a single node it is never needed, and loading it
 * costs a start a few hundred milliseconds.
 */
export function loadRedis(): typeof IORedis.Redis {
  return (createRequire(import.meta.url)('ioredis') as typeof IORedis).Redis;
}

export interface RedisBusTiming {
  /** How often this node sends itself a heartbeat through Redis. */
  heartbeatMs: number;
  /** Without its own heartbeat back for this long, the node counts itself cut off (paused writes, a dead link). */
  silenceMs: number;
  /** A publish not accepted by Redis within this long is logged as lost. */
  publishTimeoutMs: number;
}

const DEFAULT_TIMING: RedisBusTiming = { heartbeatMs: 1000, silenceMs: 3000, publishTimeoutMs: 5000 };

/**
 * Several nodes: Redis pub/sub, one connection to publish and one to listen (a subscribed one can do
 * nothing else). A node is `connected()` only while its own heartbeats come back through Redis: that
 * proves the whole path from publishing to hearing works, which an open socket alone does not.
 */
export function redisBus(
  url: string,
  log: Pick<Logger, 'warn' | 'info' | 'error'>,
  timing: Partial<RedisBusTiming> = {},
): Bus {
  const { heartbeatMs, silenceMs, publishTimeoutMs } = { ...DEFAULT_TIMING, ...timing };
  const Redis = loadRedis();
  const node = randomUUID();
  const subscribers = new Subscribers();
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  const listener = new Redis(url, { maxRetriesPerRequest: null });
  let listening = false;
  let lastHeartbeat = 0;
  let everHealthy = false;
  const healthy = () => listening && Date.now() - lastHeartbeat < silenceMs;

  const gap = (why: string) => {
    log.info(`bus ${why}: dropping what was cached while messages could be missed`);
    subscribers.gap();
  };
  const beat = () => void publisher.publish(HEARTBEAT_CHANNEL, node).catch(() => {});
  const timer = setInterval(beat, heartbeatMs);
  timer.unref();

  listener.on('message', (channel: string, message: string) => {
    if (channel !== HEARTBEAT_CHANNEL)
      return subscribers.deliver(channel.slice(CHANNEL_PREFIX.length), message);
    if (message !== node) return;
    const wasHealthy = healthy();
    lastHeartbeat = Date.now();
    if (!wasHealthy && everHealthy) gap('heard again');
    everHealthy = true;
  });
  listener.on('ready', () => {
    const channels = [HEARTBEAT_CHANNEL, ...subscribers.topics().map((topic) => CHANNEL_PREFIX + topic)];
    void listener.subscribe(...channels).then(() => {
      listening = true;
      beat();
    });
  });
  listener.on('close', () => {
    if (listening) log.warn('bus connection lost');
    listening = false;
    lastHeartbeat = 0; // whatever was published meanwhile is lost: the next heartbeat reports a gap
  });
  publisher.on('error', (error) => log.warn({ err: error }, 'bus publisher error'));
  listener.on('error', (error) => log.warn({ err: error }, 'bus listener error'));

  return {
    publish: async (topic, message) => {
      subscribers.deliver(topic, message);
      let timeout: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          publisher.publish(CHANNEL_PREFIX + topic, message),
          new Promise((_, reject) => {
            timeout = setTimeout(() => reject(new Error('timed out')), publishTimeoutMs);
          }),
        ]);
      } catch (error) {
        // Other nodes keep what they cached until it expires (READ_CACHE_TTL): say so loudly.
        log.error({ err: error, topic }, 'bus message not delivered to other nodes');
      } finally {
        clearTimeout(timeout);
      }
    },
    subscribe: (topic, handler) => {
      subscribers.add(topic, handler);
      if (listener.status === 'ready') void listener.subscribe(CHANNEL_PREFIX + topic);
    },
    onGap: (handler) => subscribers.addGap(handler),
    connected: healthy,
    close: async () => {
      clearInterval(timer);
      listening = false;
      await Promise.allSettled([publisher.quit(), listener.quit()]);
    },
  };
}
