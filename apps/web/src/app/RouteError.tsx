import { createErrorBlock } from 'antd-mobile';
import { defaultImage } from 'antd-mobile/es/components/error-block/images/default';
import { useTranslation } from 'react-i18next';
import { FirstScreenHandOff } from './FirstScreenHandOff';

// antd-mobile's ErrorBlock carries four illustrations; this screen is in the first chunk and needs one.
const ErrorBlock = createErrorBlock({
  default: defaultImage,
  disconnected: defaultImage,
  empty: defaultImage,
  busy: defaultImage,
});

/** A page that failed to load (e.g. its chunk could not be fetched): tap to reload. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="kb-centered" onClick={() => window.location.reload()} data-testid="route-error">
      <ErrorBlock status="default" title={t('shell.loadFailed')} description={t('shell.tapToReload')} />
      <FirstScreenHandOff />
    </div>
  );
}
