import type { AppContext } from '../../platform/context';
import type { InvestorActor } from '../../platform/routes';
import { authenticateSession } from '../sessions';

/** The investor behind a session token: on the path of every investor request, so one query. */
export async function authenticateInvestor(ctx: AppContext, token: string): Promise<InvestorActor | null> {
  const session = await authenticateSession(
    ctx.db,
    'user',
    token,
    ctx.clock.now(),
    ctx.config.sessionIdleSeconds,
  );
  return session && { userId: session.subjectId, sessionId: session.sessionId };
}
