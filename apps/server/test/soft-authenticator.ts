import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software passkey for API tests: a P-256 key that answers WebAuthn registration ("none" attestation)
 * and authentication the way a platform authenticator does, so the server's verification runs for real.
 */
const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();

/** The few CBOR items a WebAuthn attestation object needs. */
const cbor = {
  head: (major: number, length: number) =>
    length < 24
      ? Buffer.from([(major << 5) | length])
      : length < 256
        ? Buffer.from([(major << 5) | 24, length])
        : Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]),
  bytes: (data: Uint8Array) => Buffer.concat([cbor.head(2, data.length), data]),
  text: (value: string) => Buffer.concat([cbor.head(3, Buffer.byteLength(value)), Buffer.from(value)]),
  map: (entries: number) => cbor.head(5, entries),
  int: (value: number) => (value >= 0 ? cbor.head(0, value) : cbor.head(1, -1 - value)),
};

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;

  constructor(
    readonly origin = 'http://localhost:8080',
    readonly rpId = 'localhost',
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id() {
    return b64u(this.credentialId);
  }

  private coseKey() {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return Buffer.concat([
      cbor.map(5),
      cbor.int(1),
      cbor.int(2), // kty: EC2
      cbor.int(3),
      cbor.int(-7), // alg: ES256
      cbor.int(-1),
      cbor.int(1), // crv: P-256
      cbor.int(-2),
      cbor.bytes(Buffer.from(jwk.x ?? '', 'base64url')),
      cbor.int(-3),
      cbor.bytes(Buffer.from(jwk.y ?? '', 'base64url')),
    ]);
  }

  private authData(flags: number, attested?: Buffer) {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([
      sha256(Buffer.from(this.rpId)),
      Buffer.from([flags]),
      counter,
      attested ?? Buffer.alloc(0),
    ]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The registration response for `navigator.credentials.create(options)`. */
  register(options: { challenge: string }, origin = this.origin) {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const authData = this.authData(0x45, attested); // user present, user verified, attested credential
    const attestationObject = Buffer.concat([
      cbor.map(3),
      cbor.text('fmt'),
      cbor.text('none'),
      cbor.text('attStmt'),
      cbor.map(0),
      cbor.text('authData'),
      cbor.bytes(authData),
    ]);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The assertion for `navigator.credentials.get(options)`, signed with this key. */
  assert(options: { challenge: string }, origin = this.origin) {
    this.counter += 1;
    const authenticatorData = this.authData(0x05); // user present, user verified
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authenticatorData),
        signature: b64u(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
