import type { ReactNode } from 'react';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useLayer } from '../../../lib/layers';
import { useTradeTranslation } from '../lib/texts';
import './trade.css';

/**
 * A bottom sheet with a title and a close button: the order panel's frame, reused by the details. Over a screen,
 * the phone's Back closes it; as a page's own frame (`pageFrame`), Back leaves the page.
 */
export function DetailSheet({
  title,
  visible,
  onClose,
  testId,
  pageFrame = false,
  children,
}: {
  title: string;
  visible: boolean;
  onClose: () => void;
  testId: string;
  pageFrame?: boolean;
  children: ReactNode;
}) {
  const { t } = useTradeTranslation();
  const titleId = `${testId}-title`;
  useLayer(visible, onClose, { back: !pageFrame });
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName="kb-trade-sheet"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid={testId}>
        <div className="kb-trade-sheet-head">
          <p className="kb-trade-sheet-title" id={titleId}>
            {title}
          </p>
          <button
            type="button"
            className="kb-icon-button"
            aria-label={t('trade:close')}
            onClick={onClose}
            data-testid={`${testId}-close`}
          >
            <CloseOutline />
          </button>
        </div>
        <div className="kb-trade-sheet-body">{children}</div>
      </div>
    </Popup>
  );
}

/** Label and value pairs of a detail. */
export function Figures({ rows, testId }: { rows: [string, string, ReactNode, string?][]; testId: string }) {
  return (
    <dl className="kb-trade-figures" style={{ padding: '0 16px' }} data-testid={testId}>
      {rows.map(([id, label, value, className]) => (
        <div key={id}>
          <dt>{label}</dt>
          <dd className={className} data-testid={`${testId}-${id}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
