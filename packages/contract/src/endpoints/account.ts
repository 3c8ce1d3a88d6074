import { z } from 'zod';
import { passwordChangeRequest, revokedSessions, sessionItem } from '../auth';
import { INVESTOR, endpoint } from '../endpoint';
import { idParams } from '../staff';

export const accountEndpoints = {
  changePassword: endpoint({
    method: 'POST',
    path: '/api/account/password',
    tag: 'account',
    summary: 'Change the login password (other sessions end)',
    description:
      'It may not equal the transaction password. A wrong current password counts towards the login lockout.',
    access: INVESTOR,
    authRateLimited: true,
    body: passwordChangeRequest,
    response: revokedSessions,
  }),
  changeTransactionPassword: endpoint({
    method: 'POST',
    path: '/api/account/transaction-password',
    tag: 'account',
    summary: 'Set or change the transaction password (other sessions end)',
    description:
      'The first time, oldPassword is the login password; afterwards the current transaction password. It may not equal the login password. A wrong current password counts towards the login lockout.',
    access: INVESTOR,
    authRateLimited: true,
    body: passwordChangeRequest,
    response: revokedSessions,
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/api/account/sessions',
    tag: 'account',
    summary: 'Signed-in devices',
    access: INVESTOR,
    response: z.object({ items: z.array(sessionItem) }),
  }),
  revokeOtherSessions: endpoint({
    method: 'POST',
    path: '/api/account/sessions/revoke-others',
    tag: 'account',
    summary: 'Log out every other device',
    access: INVESTOR,
    response: revokedSessions,
  }),
  revokeSession: endpoint({
    method: 'POST',
    path: '/api/account/sessions/:id/revoke',
    tag: 'account',
    summary: 'Log out one other device',
    description:
      "Ends one of the caller's other sessions. A session that is not the caller's live one answers SESSION_NOT_FOUND; the session the request comes with answers SESSION_IS_CURRENT (log out instead).",
    access: INVESTOR,
    params: idParams,
    response: revokedSessions,
  }),
} as const;
