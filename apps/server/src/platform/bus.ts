import type * as IORedis from 'ioredis';
import { createRequire } from 'node:module';
import type { Logger } from 'pino';

/**
 * Messages between the server's nodes: in-process when there is one node, Redis pub/sub when REDIS_URL is
 * set. The publishing node hears a message at once, others shortly after. Delivery is at most once, so anything kept because of it (a cache) must also listen for `onGap`,
 * which fires when messages may have been missed, and must not rely on the bus while `connected()` is false.
 */
export interface Bus {
  publish(topic: string, message: string): void;
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
    publish: (topic, message) => subscribers.deliver(topic, message),
    subscribe: (topic, handler) => subscribers.add(topic, handler),
    onGap: (handler) => subscribers.addGap(handler),
    connected: () => true,
    close: async () => {},
  };
}

const CHANNEL_PREFIX = 'kabuto:';

/**
 * The Redis client, loaded only when REDIS_URL is set: on a single node it is never needed, and loading it
 * costs a start a few hundred milliseconds.
 */
export function loadRedis(): typeof IORedis.Redis {
  return (createRequire(import.meta.url)('ioredis') as typeof IORedis).Redis;
}

/** Several nodes: Redis pub/sub, one connection to publish and one to listen (a subscribed one can do nothing else). */
export function redisBus(url: string, log: Pick<Logger, 'warn' | 'info'>): Bus {
  const Redis = loadRedis();
  const subscribers = new Subscribers();
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  const listener = new Redis(url, { maxRetriesPerRequest: null });
  let listening = false;
  let everListened = false;

  listener.on('message', (channel: string, message: string) =>
    subscribers.deliver(channel.slice(CHANNEL_PREFIX.length), message),
  );
  listener.on('ready', () => {
    const topics = subscribers.topics().map((topic) => CHANNEL_PREFIX + topic);
    const subscribed = topics.length ? listener.subscribe(...topics) : Promise.resolve();
    void subscribed.then(() => {
      listening = true;
      if (everListened) {
        log.info('bus reconnected: dropping what was cached while messages could be missed');
        subscribers.gap();
      }
      everListened = true;
    });
  });
  listener.on('close', () => {
    if (listening) log.warn('bus connection lost');
    listening = false;
  });
  publisher.on('error', (error) => log.warn({ err: error }, 'bus publisher error'));
  listener.on('error', (error) => log.warn({ err: error }, 'bus listener error'));

  return {
    publish: (topic, message) => {
      // This node hears its own message at once; the copy that comes back through Redis is heard again.
      subscribers.deliver(topic, message);
      publisher.publish(CHANNEL_PREFIX + topic, message).catch((error: unknown) => {
        log.warn({ err: error, topic }, 'bus message not sent');
      });
    },
    subscribe: (topic, handler) => {
      subscribers.add(topic, handler);
      if (listener.status === 'ready') void listener.subscribe(CHANNEL_PREFIX + topic);
    },
    onGap: (handler) => subscribers.addGap(handler),
    connected: () => listening,
    close: async () => {
      listening = false;
      await Promise.allSettled([publisher.quit(), listener.quit()]);
    },
  };
}
