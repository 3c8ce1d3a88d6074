import { revokedSessions } from '../auth';
import { PUBLIC, endpoint, staff } from '../endpoint';
import { emptyResponse } from '../fields';
import { staffLoginRequest, staffPasswordChangeRequest, staffProfile, staffSessionResponse } from '../staff';

export const staffAuthEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/api/staff/auth/login',
    tag: 'staff',
    summary: 'Staff login with password and TOTP',
    description:
      'The lockout is checked after the password and code, and a device that has signed in before (deviceToken) is not locked out by guesses from elsewhere.',
    access: PUBLIC,
    authRateLimited: true,
    body: staffLoginRequest,
    response: staffSessionResponse,
    carriesSecrets: true,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/staff/auth/logout',
    tag: 'staff',
    summary: 'End the staff session',
    access: staff(),
    response: emptyResponse,
  }),
  me: endpoint({
    method: 'GET',
    path: '/api/staff/me',
    tag: 'staff',
    summary: 'The signed-in staff member',
    access: staff(),
    response: staffProfile,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/staff/me/password',
    tag: 'staff',
    summary: 'Change your own staff password (your other sessions end)',
    access: staff(),
    authRateLimited: true,
    body: staffPasswordChangeRequest,
    response: revokedSessions,
  }),
} as const;
