import {
  loginRequest,
  registerRequest,
  resetPasswordRequest,
  sessionResponse,
  smsCodeRequest,
  smsCodeResponse,
} from '../auth';
import { INVESTOR, PUBLIC, endpoint } from '../endpoint';
import { loginFactorRequest, loginResponse } from '../factors';
import { emptyResponse } from '../fields';

export const authEndpoints = {
  smsCode: endpoint({
    method: 'POST',
    path: '/api/auth/sms-code',
    tag: 'auth',
    summary: 'Send a one-time SMS code',
    access: PUBLIC,
    authRateLimited: true,
    body: smsCodeRequest,
    response: smsCodeResponse,
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/auth/register',
    tag: 'auth',
    summary: 'Register with an invitation code and SMS code',
    access: PUBLIC,
    authRateLimited: true,
    body: registerRequest,
    response: sessionResponse,
    carriesSecrets: true,
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    tag: 'auth',
    summary: 'Log in with phone number and password',
    description:
      'A device that has signed in before sends its deviceToken: during a lockout the right password still lets it in, while guesses without it stay locked out.',
    access: PUBLIC,
    authRateLimited: true,
    body: loginRequest,
    response: loginResponse,
    carriesSecrets: true,
  }),
  loginFactor: endpoint({
    method: 'POST',
    path: '/api/auth/login/factor',
    tag: 'auth',
    summary: 'Complete a login with the second factor (authenticator code or passkey)',
    description:
      'After a login answered with factorRequired: the challengeToken (single use, 5 minutes) and a TOTP code or a passkey assertion for its passkeyOptions. A wrong factor counts towards the login lockout like a wrong password.',
    access: PUBLIC,
    authRateLimited: true,
    body: loginFactorRequest,
    response: sessionResponse,
    carriesSecrets: true,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/auth/logout',
    tag: 'auth',
    summary: 'End the current session',
    access: INVESTOR,
    response: emptyResponse,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    tag: 'auth',
    summary: 'Reset a forgotten password with an SMS code',
    access: PUBLIC,
    authRateLimited: true,
    body: resetPasswordRequest,
    response: emptyResponse,
  }),
} as const;
