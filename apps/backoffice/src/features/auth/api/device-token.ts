const STORAGE_KEY = 'kabuto.staffDeviceToken';

/**
 * The token the server gave this browser at its last staff login. Sent with later logins, it lets the right
 * credentials in while an account is locked by guesses from elsewhere; so it outlives logouts.
 */
export function storedDeviceToken(): string | undefined {
  return localStorage.getItem(STORAGE_KEY) ?? undefined;
}

export function storeDeviceToken(token: string): void {
  localStorage.setItem(STORAGE_KEY, token);
}
