import { useRef, useState, type ReactNode } from 'react';
import { ApiError } from '@kabuto/client';
import { useQueryClient } from '@tanstack/react-query';
import type { FactorItem } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { factorListQuery } from '../../lib/factors';
import { SECURITY_PATH } from '../../lib/paths';
import { StepUpDialog } from './StepUpDialog';
import { confirmOnScreen } from '../ui/confirm-on-screen';

export interface StepUpOptions {
  /**
   * Called before the step-up sheet opens, and awaited: a screen closes its own confirmation here, so the
   * sheet never covers that dialog's buttons.
   */
  beforeAsking?: () => Promise<void> | void;
}

export interface StepUp {
  /**
   * Runs `action` (usually a mutation's `mutateAsync`). When the server answers STEP_UP_REQUIRED, asks for
   * the passkey or an authenticator code and runs it once more; with FACTOR_REQUIRED, offers the security
   * page. Any other failure, or a cancelled dialog, rejects with the original error.
   */
  guard<T>(action: () => Promise<T>, options?: StepUpOptions): Promise<T>;
  /** Render once in the screen that uses the hook. */
  dialog: ReactNode;
}

const failureCode = (error: unknown) => (error instanceof ApiError ? error.errorCode : null);

/** Sensitive actions (withdrawals, bank accounts, removing a factor) through one step-up dialog. */
export function useStepUp(): StepUp {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<{ factors: FactorItem[] } | null>(null);
  const settle = useRef<(steppedUp: boolean) => void>(() => undefined);

  const askForFactor = async () => {
    const { items } = await queryClient.fetchQuery(factorListQuery);
    return new Promise<boolean>((resolve) => {
      settle.current = (steppedUp) => {
        setAsking(null);
        resolve(steppedUp);
      };
      setAsking({ factors: items });
    });
  };

  const offerEnrolment = async () => {
    const go = await confirmOnScreen({
      title: t('stepUp.enrolTitle'),
      content: t('stepUp.enrolBody'),
      confirmText: t('stepUp.enrolGo'),
      cancelText: t('common:cancel'),
    });
    if (go) navigate(SECURITY_PATH);
  };

  const guard = async <T,>(action: () => Promise<T>, options: StepUpOptions = {}): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      const code = failureCode(error);
      if (code === 'FACTOR_REQUIRED') void offerEnrolment();
      if (code !== 'STEP_UP_REQUIRED') throw error;
      await options.beforeAsking?.();
      if (!(await askForFactor())) throw error;
      return action();
    }
  };

  const dialog = asking ? (
    <StepUpDialog
      factors={asking.factors}
      onDone={() => settle.current(true)}
      onCancel={() => settle.current(false)}
    />
  ) : null;

  return { guard, dialog };
}
