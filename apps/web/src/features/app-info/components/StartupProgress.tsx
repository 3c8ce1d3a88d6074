import { ProgressBar } from 'antd-mobile';
import { CheckCircleOutline } from 'antd-mobile-icons';
import type { AppInfo } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { APP_VERSION_CODE } from '../../../lib/app-info';
import { useDocumentTitle } from '../../../lib/document-title';
import type { StartupStatus, StartupStep } from '../api/use-startup-checks';
import { marketHostName } from './market-host';
import { STARTUP_LOGO } from './startup-logo';

interface StartupProgressProps {
  steps: StartupStep[];
  totalSteps: number;
  status: StartupStatus;
  appInfo: AppInfo | null;
  onRetry: () => void;
}

/** The entry screen: brand, progress bar and the steps so far; a tap retries after a failure. */
export function StartupProgress({ steps, totalSteps, status, appInfo, onRetry }: StartupProgressProps) {
  const { t } = useTranslation();
  useDocumentTitle(undefined);
  const updateAvailable = appInfo !== null && appInfo.latestVersionCode > APP_VERSION_CODE;
  const percent = Math.min(100, Math.round((steps.length / totalSteps) * 100));
  return (
    <main className="kb-startup" onClick={onRetry} data-testid="startup-page">
      <img className="kb-startup-logo" src={STARTUP_LOGO} alt="" width={144} height={144} />
      <h1 className="kb-startup-brand">{t('common:appName')}</h1>
      <div className="kb-startup-tagline">{t('startup.tagline')}</div>
      <ProgressBar
        percent={percent}
        style={{ '--fill-color': '#fff', '--track-color': 'rgba(255,255,255,0.25)' }}
        data-testid="startup-progress"
      />
      <ol data-testid="startup-steps">
        {steps.map((step, index) => {
          const pending = index === steps.length - 1 && status === 'running';
          return (
            <li key={step}>
              {pending ? (
                <span className="kb-spinner kb-spinner-inline" aria-hidden="true" />
              ) : (
                <CheckCircleOutline />
              )}
              <span>
                {step === 'marketHost' && appInfo
                  ? t('startup.stepWithHost', {
                      step: t('startup.steps.marketHost'),
                      host: marketHostName(appInfo.marketHost, t),
                    })
                  : t(`startup.steps.${step}`)}
                {step === 'updateChecked' && updateAvailable ? ` (${t('startup.updateAvailable')})` : ''}
              </span>
            </li>
          );
        })}
      </ol>
      {status === 'failed' && (
        <div className="kb-startup-error" role="button" data-testid="startup-error">
          {t('common:networkError')}
        </div>
      )}
    </main>
  );
}
