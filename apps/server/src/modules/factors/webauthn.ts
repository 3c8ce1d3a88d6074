import type { WebAuthnResponse } from '@kabuto/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Config } from '../../platform/config';
import type { FactorRow } from './factors.table';

/** Passkeys through @simplewebauthn/server, bound to WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN. */
type RelyingParty = Pick<Config, 'webauthnRpId' | 'webauthnOrigins' | 'companyName'>;

const transportsOf = (factor: FactorRow) =>
  JSON.parse(factor.transports ?? '[]') as AuthenticatorTransportFuture[];

const descriptorOf = (factor: FactorRow) => ({
  id: factor.credential_id ?? '',
  transports: transportsOf(factor),
});

/** Options as the JSON object they are sent as (the library's interfaces, spread into plain object types). */
export const registrationOptions = async (
  rp: RelyingParty,
  user: { id: bigint; mobile: string },
  passkeys: FactorRow[],
) => ({
  ...(await generateRegistrationOptions({
    rpName: rp.companyName,
    rpID: rp.webauthnRpId,
    userName: user.mobile,
    userID: new TextEncoder().encode(`kabuto-user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: passkeys.map(descriptorOf),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  })),
});

export const authenticationOptions = async (rp: RelyingParty, passkeys: FactorRow[]) => ({
  ...(await generateAuthenticationOptions({
    rpID: rp.webauthnRpId,
    allowCredentials: passkeys.map(descriptorOf),
    userVerification: 'preferred',
  })),
});

/** The new credential, or null when the response does not verify (a malformed one included). */
export async function verifyRegistration(rp: RelyingParty, response: WebAuthnResponse, challenge: string) {
  try {
    const result = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.webauthnOrigins,
      expectedRPID: rp.webauthnRpId,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: BigInt(credential.counter),
      transports: JSON.stringify(credential.transports ?? []),
    };
  } catch {
    return null;
  }
}

/** The authenticator's new signature counter, or null when the assertion does not verify. */
export async function verifyAssertion(
  rp: RelyingParty,
  response: WebAuthnResponse,
  challenge: string,
  passkey: FactorRow,
): Promise<bigint | null> {
  try {
    const result = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.webauthnOrigins,
      expectedRPID: rp.webauthnRpId,
      credential: {
        id: passkey.credential_id ?? '',
        publicKey: new Uint8Array(Buffer.from(passkey.public_key ?? '', 'base64url')),
        counter: Number(passkey.sign_count ?? 0n),
        transports: transportsOf(passkey),
      },
      requireUserVerification: false,
    });
    return result.verified ? BigInt(result.authenticationInfo.newCounter) : null;
  } catch {
    return null;
  }
}
