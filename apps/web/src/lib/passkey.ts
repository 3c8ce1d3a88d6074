import type { WebAuthnResponse } from '@kabuto/contract';

/**
 * The browser's side of passkeys (@simplewebauthn/browser), loaded only when a passkey is used. The
 * options come from the server as they are; the answers go back to it as they are.
 */
type Options = { challenge: string; [key: string]: unknown };

/** WebAuthn exists only in a secure context (https, or localhost): not on a phone reaching a LAN address over http. */
export const passkeysAvailable = () =>
  typeof window !== 'undefined' && window.isSecureContext && 'PublicKeyCredential' in window;

export async function createPasskey(options: Options): Promise<WebAuthnResponse> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return (await startRegistration({ optionsJSON: options as never })) as unknown as WebAuthnResponse;
}

export async function getPasskeyAssertion(options: Options): Promise<WebAuthnResponse> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return (await startAuthentication({ optionsJSON: options as never })) as unknown as WebAuthnResponse;
}
