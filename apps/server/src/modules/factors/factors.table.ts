import type { FactorKind } from '@kabuto/contract';
import type { Generated, Selectable } from 'kysely';
import type { Id, Timestamp } from '../../platform/db/columns';

export interface UserFactorsTable {
  id: Id;
  user_id: bigint;
  kind: FactorKind;
  label: string;
  totp_secret: string | null;
  /** The last TOTP time step accepted: a code of that step or earlier is a replay. */
  last_totp_step: bigint | null;
  /** Passkey: credential id and COSE public key (base64url), the authenticator's signature counter. */
  credential_id: string | null;
  public_key: string | null;
  sign_count: bigint | null;
  /** JSON array of AuthenticatorTransport, as the browser reported them. */
  transports: string | null;
  /** Null while an authenticator app is pending its first code. */
  verified_at: Timestamp | null;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

export type ChallengePurpose = 'register' | 'step_up' | 'login';

export interface FactorChallengesTable {
  id: Id;
  purpose: ChallengePurpose;
  user_id: bigint;
  session_id: bigint | null;
  token_hash: string | null;
  webauthn_challenge: string | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface FactorsTables {
  user_factors: UserFactorsTable;
  factor_challenges: FactorChallengesTable;
}

export type FactorRow = Selectable<UserFactorsTable>;
export type ChallengeRow = Selectable<FactorChallengesTable>;
