import { readString, writeString } from './storage';

const KEY = 'kabuto.deviceToken';

/**
 * The token the server gave this browser at its last login or registration. Sent with every later
 * login, it lets the right password through while strangers' guesses have locked the account, so it is
 * kept across logouts.
 */
export function storedDeviceToken(): string | undefined {
  return readString(KEY) || undefined;
}

export function storeDeviceToken(token: string): void {
  writeString(KEY, token);
}
