import { WS_PATH, type ChannelData, type ChannelKindOf, type Quote } from '@kabuto/contract';
import { useMemo, useSyncExternalStore } from 'react';
import { currentLang, i18n } from './i18n';
import { channelsStore, channelStore, RealtimeClient, type ConnectionState } from './realtime-client';
import { useSession } from './session-store';

/** The app's one WebSocket (docs/realtime.md). */
export const realtime = new RealtimeClient({
  url: () => {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    return `${scheme}://${window.location.host}${WS_PATH}?lang=${encodeURIComponent(currentLang())}`;
  },
  token: () => useSession.getState().token,
  createSocket: (url) => new WebSocket(url),
});

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => realtime.reconnectNow());
  // Messages are rendered in the connection's language.
  i18n.on('languageChanged', () => realtime.restart());
  useSession.subscribe((state, previous) => {
    if (state.token !== previous.token) realtime.sessionChanged();
  });
}

/**
 * The latest data of a channel (`quote:7203`, `balances`, ...), followed while the component is mounted:
 * undefined until its snapshot arrives. Pass null to follow nothing.
 */
export function useChannel<C extends string>(channel: C | null): ChannelData[ChannelKindOf<C>] | undefined {
  const store = useMemo(() => channelStore(realtime, channel), [channel]);
  return useSyncExternalStore(store.subscribe, store.snapshot, () => undefined) as
    ChannelData[ChannelKindOf<C>] | undefined;
}

/** Where the app's connection stands: screens poll slowly, and say so, only while it is `down`. */
export function useConnection(): ConnectionState {
  return useSyncExternalStore(
    (onChange) => realtime.onConnection(onChange),
    () => realtime.connection(),
    () => 'idle' as const,
  );
}

/** Whether figures arrive over the socket: until they do, screens refresh by polling (slowly). */
export const useSocketLive = () => useConnection() === 'live';

/** The quotes of `codes` from their `quote:<code>` channels, by code (codes without a frame yet are absent). */
export function useQuoteChannels(codes: readonly string[]): Map<string, Quote> {
  const key = codes.join(',');
  const store = useMemo(
    () => channelsStore(realtime, key === '' ? [] : key.split(',').map((code) => `quote:${code}`)),
    [key],
  );
  const channels = useSyncExternalStore(store.subscribe, store.snapshot, () => EMPTY);
  return useMemo(
    () => new Map([...channels.values()].map((quote) => [(quote as Quote).code, quote as Quote])),
    [channels],
  );
}

const EMPTY = new Map<string, unknown>();
