import { api } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { hashPassword, verifyPassword } from '../../platform/crypto';
import { iso } from '../../platform/db';
import { route } from '../../platform/routes';
import { describeDevice } from '../../platform/user-agent';
import { idleCutoff, listLiveUserSessions, revokeSession } from '../sessions';
import {
  changePassword,
  checkCredentials,
  checkPasswordChange,
  login,
  loginWithFactor,
  register,
  requestSmsCode,
  resetPassword,
  revokeOneSession,
  revokeOtherSessions,
  type PasswordKind,
} from './auth.service';

export function authRoutes(ctx: AppContext) {
  const passwordChange = (kind: PasswordKind) =>
    async function ({
      body,
      actor,
    }: {
      body: { oldPassword: string; newPassword: string };
      actor: { userId: bigint; sessionId: bigint };
    }) {
      const check = await checkPasswordChange(ctx, actor.userId, kind, body, hashPassword);
      return ctx.transact((tx) => changePassword(ctx, tx, actor.userId, actor.sessionId, check));
    };

  return [
    route(api.auth.smsCode, async ({ body, request }) =>
      ctx.transact((tx) => requestSmsCode(ctx, tx, body, request.lang)),
    ),

    route(api.auth.register, async ({ body, meta }) => {
      const { deviceId, mobile, password, inviteCode, smsCode } = body;
      const passwordHash = await hashPassword(password);
      return ctx.transact((tx) =>
        register(ctx, tx, { mobile, passwordHash, inviteCode, smsCode }, { ...meta, deviceId }),
      );
    }),

    route(api.auth.login, async ({ body, meta }) => {
      const { deviceId, deviceToken, ...credentials } = body;
      const check = await checkCredentials(ctx, credentials);
      return ctx.transact((tx) => login(ctx, tx, check, { deviceToken }, { ...meta, deviceId }));
    }),

    route(api.auth.loginFactor, async ({ body, meta }) => {
      const { deviceId, deviceToken, challengeToken, ...proof } = body;
      return ctx.transact((tx) =>
        loginWithFactor(ctx, tx, { challengeToken, proof, deviceToken }, { ...meta, deviceId }),
      );
    }),

    route(api.auth.logout, async ({ actor }) => {
      await revokeSession(ctx.db, 'user', actor.sessionId, ctx.clock.now(), 'logout');
      return {};
    }),

    route(api.auth.resetPassword, async ({ body }) => {
      const { mobile, smsCode, password } = body;
      const passwordHash = await hashPassword(password);
      return ctx.transact((tx) =>
        resetPassword(ctx, tx, {
          mobile,
          smsCode,
          passwordHash,
          sameAsTransaction: (hash) => verifyPassword(password, hash),
        }),
      );
    }),

    route(api.account.changePassword, passwordChange('login')),
    route(api.account.changeTransactionPassword, passwordChange('transaction')),

    route(api.account.sessions, async ({ actor }) => {
      const now = ctx.clock.now();
      const rows = await listLiveUserSessions(
        ctx.db,
        actor.userId,
        now,
        idleCutoff(now, ctx.config.sessionIdleSeconds),
      );
      return {
        items: rows.map((row) => ({
          id: row.id.toString(),
          current: row.id === actor.sessionId,
          deviceId: row.device_id,
          userAgent: row.user_agent,
          deviceName: describeDevice(row.user_agent) || null,
          ip: row.ip,
          createdAt: iso(row.created_at) ?? '',
          lastSeenAt: iso(row.last_seen_at) ?? '',
        })),
      };
    }),

    route(api.account.revokeOtherSessions, async ({ actor }) => ({
      revoked: await revokeOtherSessions(ctx, actor.userId, actor.sessionId),
    })),

    route(api.account.revokeSession, async ({ actor, params }) =>
      revokeOneSession(ctx, actor.userId, actor.sessionId, params.id),
    ),
  ];
}
