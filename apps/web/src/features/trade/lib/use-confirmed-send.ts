import { useRef, useState } from 'react';
import { revealFirstError } from '../../../components/form/reveal-first-error';
import { ApiError, newIdempotencyKey } from '@kabuto/client';
import type { Form, Sendable } from '../../../components/form/use-form';
import type { Confirmed } from '../api/trading';
import { releaseTopLayer } from '../../../lib/layers';
import { useTradeTranslation } from './texts';

interface Confirming<Body, Figures> {
  attempt: Confirmed<Body>;
  preview: Figures;
}

interface ConfirmedSendOptions<Body, Figures, PreviewRequest, Result> {
  form: Form<Record<string, string>>;
  /** Asks the server for the figures to confirm; refuses what sending would refuse, with the same error. */
  preview: Sendable<Figures, PreviewRequest>;
  /** What the preview is asked with for a body (the body itself, or the body with the id it acts on). */
  previewRequest: (body: Body) => PreviewRequest;
  /** Sends the confirmed request with its idempotency key. */
  commit: (attempt: Confirmed<Body>) => Promise<Result>;
  onDone: (result: Result) => void;
}

/**
 * The step an order, a 訂正 and a 返済 share: the server's figures first, then a confirmation whose Confirm
 * sends the request. One idempotency key per confirmation, so Confirm tapped again after a lost answer acts
 * once; without an answer the confirmation stays open and says so, any other failure closes it and shows
 * on the form. Going back from a confirmation whose answer was lost, or before its answer came and then lost,
 * leaves a note above the form: the request may have acted, and a new confirmation would carry a new key.
 */
export function useConfirmedSend<Body, Figures, PreviewRequest, Result>({
  form,
  preview,
  previewRequest,
  commit,
  onDone,
}: ConfirmedSendOptions<Body, Figures, PreviewRequest, Result>) {
  const [confirming, setConfirming] = useState<Confirming<Body, Figures> | null>(null);
  const { t } = useTradeTranslation();
  const [unanswered, setUnanswered] = useState(false);
  /** The attempt whose confirmation is open: an answer that comes once it is closed is for no dialog. */
  const open = useRef<Confirmed<Body> | null>(null);
  /** The form (given to its <form>): a refused field is brought into view, above the button at its foot. */
  const formRef = useRef<HTMLFormElement>(null);
  const reveal = () => revealFirstError(formRef.current);

  const close = () => {
    open.current = null;
    setConfirming(null);
    setUnanswered(false);
  };

  /** Above the form: the request may have acted, and a new confirmation would carry a new key. */
  const sayMaybeSent = () => form.showAlert(t('trade:maybeSent'));

  const dismiss = () => {
    if (unanswered) sayMaybeSent();
    close();
  };

  const review = (body: Body) =>
    form.send(
      preview,
      previewRequest(body),
      (figures) => {
        const attempt = { body, idempotencyKey: newIdempotencyKey() };
        open.current = attempt;
        setUnanswered(false);
        setConfirming({ attempt, preview: figures });
      },
      reveal,
    );

  const send = () => {
    if (!confirming) return;
    const { attempt } = confirming;
    commit(attempt)
      .then(async (result) => {
        if (open.current === attempt) {
          close();
          // What follows may navigate: it replaces the screen's history entry, not the confirmation's.
          await releaseTopLayer();
        }
        onDone(result);
      })
      .catch((error: unknown) => {
        const lost = error instanceof ApiError && error.transport;
        const stillOpen = open.current === attempt;
        if (lost && stillOpen) return setUnanswered(true);
        // Any other failure closes the confirmation; one that came after going back is said on the form all the same.
        if (stillOpen) close();
        if (lost) sayMaybeSent();
        else if (error instanceof Error) {
          form.showFailure(error);
          reveal();
        }
      });
  };

  return { confirming, unanswered, review, dismiss, send, formRef, reveal };
}
