import type { AppContext } from '../../platform/context';
import type { InvestorActor } from '../../platform/routes';
import { authenticateSession, sessionEndReason } from '../sessions';

/** The investor behind a session token: on the path of every investor request, so read through the session cache. */
export async function authenticateInvestor(ctx: AppContext, token: string): Promise<InvestorActor | null> {
  const session = await authenticateSession(ctx, 'user', token, ctx.config.sessionIdleSeconds);
  return session && { userId: session.subjectId, sessionId: session.sessionId };
}

/**
 * Whether the session of an investor token is still live, without counting the check as activity: a
 * connection that only receives pushes must not keep an idle session open.
 */
export async function investorSessionLive(ctx: AppContext, token: string): Promise<InvestorActor | null> {
  const session = await authenticateSession(ctx, 'user', token, ctx.config.sessionIdleSeconds, {
    touch: false,
  });
  return session && { userId: session.subjectId, sessionId: session.sessionId };
}

/** Why an investor token no longer authenticates, when its session was ended on purpose (sent as `params.reason`). */
export const investorSessionEndReason = (ctx: AppContext, token: string) =>
  sessionEndReason(ctx.db, 'user', token);
