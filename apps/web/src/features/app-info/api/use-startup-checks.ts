import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '@kabuto/client';
import { routes, type AppInfo } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { appInfoQuery } from '../../../lib/app-info';
import { userInfoQuery } from '../../../lib/current-user';
import { useSession } from '../../../lib/session-store';

export type StartupStep =
  'starting' | 'connected' | 'checkingUpdates' | 'updateChecked' | 'loggingIn' | 'marketHost';

export type StartupStatus = 'running' | 'done' | 'failed';

/** Long enough to read each step, short enough not to slow the start noticeably. */
const STEP_PAUSE_MS = 150;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Cancelled extends Error {}

/**
 * The startup sequence: connect, check for updates, restore the session, read the market host. The
 * screen shows each step as it starts; a failure waits for `retry`. Calls are silent: this screen
 * shows its own error.
 */
export function useStartupChecks(onDone: () => void) {
  const queryClient = useQueryClient();
  const [steps, setSteps] = useState<StartupStep[]>([]);
  const [status, setStatus] = useState<StartupStatus>('running');
  const [appInfo, setAppInfo] = useState<AppInfo | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [totalSteps] = useState(() => (useSession.getState().token ? 6 : 5));

  useEffect(() => {
    let cancelled = false;
    const show = async (step: StartupStep) => {
      if (cancelled) throw new Cancelled();
      setSteps((shown) => [...shown, step]);
      await pause(STEP_PAUSE_MS);
    };

    async function run() {
      await show('starting');
      await apiClient.call(routes.system.health);
      await show('connected');
      await show('checkingUpdates');
      const info = await queryClient.fetchQuery({ ...appInfoQuery(), staleTime: 0, meta: { silent: true } });
      setAppInfo(info);
      await show('updateChecked');
      const { token, userId } = useSession.getState();
      if (token) {
        await show('loggingIn');
        await restoreUserInfo(queryClient, userId);
      }
      await show('marketHost');
      if (cancelled) return;
      setStatus('done');
      onDone();
    }

    run().catch((error: unknown) => {
      if (!cancelled && !(error instanceof Cancelled)) setStatus('failed');
    });
    return () => {
      cancelled = true;
    };
  }, [attempt, onDone, queryClient]);

  const retry = () => {
    if (status !== 'failed') return;
    setSteps([]);
    setStatus('running');
    setAttempt((n) => n + 1);
  };

  return { steps, status, appInfo, totalSteps, retry };
}

/** An ended session is not a startup failure: it is cleared and the app opens logged out. */
async function restoreUserInfo(queryClient: QueryClient, userId: string): Promise<void> {
  try {
    await queryClient.fetchQuery({ ...userInfoQuery(userId), meta: { silent: true } });
  } catch (error) {
    if (!(error instanceof ApiError) || error.transport) throw error;
  }
}
