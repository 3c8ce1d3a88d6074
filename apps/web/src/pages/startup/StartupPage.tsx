import { useEffect, useState } from 'react';
import { ProgressBar, SpinLoading } from 'antd-mobile';
import { CheckCircleOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UserInfo } from '@kabuto/contract';
import { api, ApiError } from '../../app/api-client';
import { HOME_PATH } from '../../app/paths';
import { useSession } from '../../app/session-store';
import { APP_INFO_QUERY, APP_VERSION_CODE, fetchAppInfo } from '../../features/app-info/use-app-info';

type Step = 'starting' | 'connected' | 'checkingUpdates' | 'updateChecked' | 'loggingIn' | 'marketHost';

/** Long enough to read each step, short enough not to slow the start noticeably. */
const STEP_PAUSE_MS = 150;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Cancelled extends Error {}

/** The entry screen: connects, checks for updates, restores the session, then opens Home. */
export default function StartupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [steps, setSteps] = useState<Step[]>([]);
  const [finished, setFinished] = useState(false);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [marketHost, setMarketHost] = useState('');
  const [updateAvailable, setUpdateAvailable] = useState(false);
  const totalSteps = useSession.getState().token ? 6 : 5;

  useEffect(() => {
    let cancelled = false;
    const show = async (step: Step) => {
      if (cancelled) throw new Cancelled();
      setSteps((shown) => [...shown, step]);
      await pause(STEP_PAUSE_MS);
    };

    async function run() {
      await show('starting');
      await api.get('/health', {}, { silent: true });
      await show('connected');
      await show('checkingUpdates');
      const info = await fetchAppInfo(true);
      queryClient.setQueryData(APP_INFO_QUERY, info);
      setUpdateAvailable(info.latestVersionCode > APP_VERSION_CODE);
      await show('updateChecked');
      const { token, userId, setUserInfo } = useSession.getState();
      if (token) {
        await show('loggingIn');
        await restoreUserInfo(userId, setUserInfo);
      }
      setMarketHost(info.marketHost.name);
      await show('marketHost');
      if (cancelled) return;
      setFinished(true);
      navigate(HOME_PATH, { replace: true });
    }

    run().catch((error: unknown) => {
      if (!cancelled && !(error instanceof Cancelled)) setFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [attempt, navigate, queryClient]);

  const retry = () => {
    if (!failed) return;
    setSteps([]);
    setFailed(false);
    setAttempt((n) => n + 1);
  };

  const percent = Math.round((steps.length / totalSteps) * 100);
  return (
    <div className="kb-startup" onClick={retry} data-testid="startup-page">
      <div className="kb-startup-brand">Kabuto</div>
      <div className="kb-startup-tagline">{t('startup.tagline')}</div>
      <ProgressBar
        percent={percent}
        style={{ '--fill-color': '#fff', '--track-color': 'rgba(255,255,255,0.25)' }}
        data-testid="startup-progress"
      />
      <ol data-testid="startup-steps">
        {steps.map((step, index) => {
          const pending = index === steps.length - 1 && !finished && !failed;
          return (
            <li key={step}>
              {pending ? <SpinLoading color="white" style={{ '--size': '14px' }} /> : <CheckCircleOutline />}
              <span>
                {t(`startup.steps.${step}`)}
                {step === 'marketHost' && marketHost ? `: ${marketHost}` : ''}
                {step === 'updateChecked' && updateAvailable ? ` (${t('startup.updateAvailable')})` : ''}
              </span>
            </li>
          );
        })}
      </ol>
      {failed && (
        <div className="kb-startup-error" role="button" data-testid="startup-error">
          {t('common:networkError')}
        </div>
      )}
    </div>
  );
}

/** An expired session is not a startup failure: the API client clears it and the app opens logged out. */
async function restoreUserInfo(userId: string, setUserInfo: (info: UserInfo) => void): Promise<void> {
  try {
    setUserInfo(await api.get<UserInfo>('/index/getUserInfo', { user_id: userId }, { silent: true }));
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'network') throw error;
  }
}
