export { registerRealtime, hubOf } from './realtime.routes';
export { DEFAULT_HUB_TIMING, type HubTiming } from './hub';
export {
  registerPrivateChannel,
  userChannelChanged,
  USER_CHANNEL_CHANGES,
  type PrivateSnapshot,
} from './private-channels';
