import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { Toast } from 'antd-mobile';
import { confirmOnScreen } from '../../../components/ui/confirm-on-screen';
import { Figures } from './DetailSheet';

/**
 * 取消 of a resting order or closing order, after a confirmation that names it as the investor placed it (which
 * stock, which side, how many, at what price), not by its number alone. `send` cancels it; `done` is the toast
 * after. Plain texts: the dialog is drawn outside the screen's providers.
 */
export function confirmCancellation(
  t: TFunction,
  what: {
    title: string;
    text: string;
    rows: [string, string, ReactNode][];
    testId: string;
    send: () => Promise<unknown>;
    done: string;
    after?: () => void;
  },
): void {
  void confirmOnScreen({
    title: what.title,
    'aria-label': what.title,
    content: (
      <div data-testid={what.testId}>
        <p style={{ margin: '0 0 8px', lineHeight: 1.7 }}>{what.text}</p>
        <Figures rows={what.rows} testId={`${what.testId}-figures`} />
      </div>
    ),
    confirmText: t('trade:cancelSend'),
    cancelText: t('trade:keepOrder'),
    onConfirm: () =>
      what
        .send()
        .then(() => {
          Toast.show({ content: what.done });
          what.after?.();
        })
        .catch(() => undefined),
  });
}
