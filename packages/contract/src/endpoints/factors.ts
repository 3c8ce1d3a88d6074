import { z } from 'zod';
import { smsCodeResponse } from '../auth';
import { INVESTOR, endpoint } from '../endpoint';
import {
  factorIdParams,
  factorItem,
  factorProof,
  passkeyEnrolRequest,
  renameFactorRequest,
  stepUpResponse,
  totpEnrolment,
  totpStartRequest,
  totpVerifyRequest,
  webAuthnOptions,
} from '../factors';
import { emptyResponse } from '../fields';

export const factorsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/account/factors',
    tag: 'factors',
    summary: 'Your second factors (passkeys and authenticator apps), never their secrets',
    access: INVESTOR,
    response: z.object({ items: z.array(factorItem) }),
  }),
  rename: endpoint({
    method: 'PATCH',
    path: '/api/account/factors/:id',
    tag: 'factors',
    summary: 'Rename a second factor',
    access: INVESTOR,
    params: factorIdParams,
    body: renameFactorRequest,
    response: factorItem,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/account/factors/:id',
    tag: 'factors',
    summary: 'Remove a second factor (needs a recent step-up)',
    access: INVESTOR,
    params: factorIdParams,
    response: emptyResponse,
  }),
  totpStart: endpoint({
    method: 'POST',
    path: '/api/account/factors/totp',
    tag: 'factors',
    summary: 'Start adding an authenticator app: its secret and otpauth URI',
    description:
      'The factor stays pending until a code is verified; starting again replaces a pending one. Needs a recent step-up when the account already has a factor.',
    access: INVESTOR,
    body: totpStartRequest,
    response: totpEnrolment,
    carriesSecrets: true,
  }),
  totpVerify: endpoint({
    method: 'POST',
    path: '/api/account/factors/totp/verify',
    tag: 'factors',
    summary: 'Activate the pending authenticator app with a code from it (counts as a step-up)',
    access: INVESTOR,
    authRateLimited: true,
    body: totpVerifyRequest,
    response: factorItem,
  }),
  passkeyOptions: endpoint({
    method: 'POST',
    path: '/api/account/factors/passkey/options',
    tag: 'factors',
    summary: 'WebAuthn registration options for adding a passkey',
    description:
      'Needs a recent step-up when the account already has a factor. The challenge is single use and expires.',
    access: INVESTOR,
    response: webAuthnOptions,
  }),
  passkeyEnrol: endpoint({
    method: 'POST',
    path: '/api/account/factors/passkey',
    tag: 'factors',
    summary: 'Add a passkey from the registration response (counts as a step-up)',
    access: INVESTOR,
    authRateLimited: true,
    body: passkeyEnrolRequest,
    response: factorItem,
  }),
  stepUpOptions: endpoint({
    method: 'POST',
    path: '/api/auth/step-up/options',
    tag: 'factors',
    summary: 'WebAuthn authentication options for a step-up with one of your passkeys',
    access: INVESTOR,
    response: webAuthnOptions,
  }),
  stepUpSms: endpoint({
    method: 'POST',
    path: '/api/auth/step-up/sms',
    tag: 'factors',
    summary: "Send a step-up code to the signed-in user's registered number (only while they have no factor)",
    description:
      'Adding the first second factor or setting the first transaction password needs a step-up; a user with no factor yet proves the session with this code ({method: "sms"}). Refused with FACTOR_METHOD_INVALID once the user has a factor.',
    access: INVESTOR,
    authRateLimited: true,
    response: smsCodeResponse,
  }),
  stepUp: endpoint({
    method: 'POST',
    path: '/api/auth/step-up',
    tag: 'factors',
    summary: 'Verify a second factor again: sensitive actions are allowed for STEP_UP_TTL',
    description:
      'Withdrawals, bank-account changes and factor removal answer STEP_UP_REQUIRED without a recent step-up, or FACTOR_REQUIRED when the account has no factor yet. A wrong code counts towards the login lockout.',
    access: INVESTOR,
    authRateLimited: true,
    body: factorProof,
    response: stepUpResponse,
  }),
} as const;
