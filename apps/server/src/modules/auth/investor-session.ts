import type { AppContext } from '../../platform/context';
import type { InvestorActor } from '../../platform/routes';
import { authenticateSession } from '../sessions';

/** The investor behind a session token: on the path of every investor request, so read through the session cache. */
export async function authenticateInvestor(ctx: AppContext, token: string): Promise<InvestorActor | null> {
  const session = await authenticateSession(ctx, 'user', token, ctx.config.sessionIdleSeconds);
  return session && { userId: session.subjectId, sessionId: session.sessionId };
}
