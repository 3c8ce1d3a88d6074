import type { ReactNode } from 'react';
import { Dialog } from 'antd-mobile';
import { useLayer } from '../../../lib/layers';
import { useTradeTranslation } from '../lib/texts';

interface ConfirmationDialogProps {
  /** The figures to confirm; the dialog shows while they are there. */
  children: ReactNode | null;
  title: string;
  /** The last Confirm got no answer: said under the figures, and Confirm then sends the same request again. */
  unanswered: boolean;
  backText: string;
  sendText: string;
  sending: boolean;
  onBack: () => void;
  onSend: () => void;
  /** `<testId>-send` names the Confirm button, `<testId>-send-unanswered` the lost answer. */
  testId: string;
}

/**
 * The confirmation before an order, a 訂正 or a 返済 is sent: the figures (which scroll when taller than the
 * dialog), a way back, and Confirm.
 */
export function ConfirmationDialog({
  children,
  title,
  unanswered,
  backText,
  sendText,
  sending,
  onBack,
  onSend,
  testId,
}: ConfirmationDialogProps) {
  const { t } = useTradeTranslation();
  useLayer(children !== null, onBack);
  return (
    <Dialog
      visible={children !== null}
      // On the page, not inside the sheet: a sheet (a transformed box) would centre the dialog on itself and
      // push its buttons below the screen's edge.
      getContainer={() => document.body}
      className="kb-dialog-wide"
      bodyClassName="kb-dialog-tall"
      title={title}
      aria-label={title}
      content={
        children !== null && (
          // Scrolls itself when the figures are taller than the dialog (a long language, a small screen),
          // focusable so that a keyboard can scroll it too.
          <div className="kb-dialog-scroll" tabIndex={0} role="group" aria-label={title}>
            {children}
            {unanswered && (
              <p className="kb-field-error" role="alert" data-testid={`${testId}-send-unanswered`}>
                {t('trade:sendAgain')}
              </p>
            )}
          </div>
        )
      }
      actions={[
        [
          { key: 'cancel', text: backText, onClick: onBack },
          {
            key: 'send',
            // Says that the request is on its way: a greyed button alone reads as broken.
            text: sending ? t('common:sending') : sendText,
            bold: true,
            disabled: sending,
            onClick: onSend,
            // @ts-expect-error antd-mobile passes data attributes on to the button; its type does not list them
            'data-testid': `${testId}-send`,
          },
        ],
      ]}
    />
  );
}
