import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../../lib/paths';
import { useStartupChecks } from '../api/use-startup-checks';
import { StartupProgress } from '../components/StartupProgress';

/** `/?holdStartup` keeps the screen up once the checks pass, so that it can be measured (bench/lighthouse). */
const holdStartup = () => new URLSearchParams(window.location.search).has('holdStartup');

/** The entry screen: runs the startup checks, then opens Home. */
export default function StartupPage() {
  const navigate = useNavigate();
  const openHome = useCallback(() => {
    if (!holdStartup()) void navigate(HOME_PATH, { replace: true });
  }, [navigate]);
  const { steps, status, appInfo, totalSteps, retry } = useStartupChecks(openHome);
  return (
    <StartupProgress
      steps={steps}
      totalSteps={totalSteps}
      status={status}
      appInfo={appInfo}
      onRetry={retry}
    />
  );
}
