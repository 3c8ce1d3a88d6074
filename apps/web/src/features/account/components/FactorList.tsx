import { useState } from 'react';
import { Button, Input, List, Popup, Toast } from 'antd-mobile';
import { formatJst, type FactorItem } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import type { StepUp } from '../../../components/step-up/use-step-up';
import { useLayer } from '../../../lib/layers';
import { useFactorList } from '../../../lib/factors';
import { useRemoveFactor, useRenameFactor } from '../api/factors';
import { confirmOnScreen } from '../../../components/ui/confirm-on-screen';

/** The user's passkeys and authenticator apps, each with rename and remove. */
export function FactorList({ stepUp }: { stepUp: StepUp }) {
  const { t } = useTranslation();
  const { data: factors = [], isPending } = useFactorList();
  const remove = useRemoveFactor();
  const rename = useRenameFactor();
  const [renaming, setRenaming] = useState<{ id: string; label: string } | null>(null);
  useLayer(renaming !== null, () => setRenaming(null));

  const confirmRemove = async (factor: FactorItem) => {
    const confirmed = await confirmOnScreen(
      {
        title: t('security.removeTitle'),
        content: t('security.removeBody', { label: factor.label || t(`security.kind.${factor.kind}`) }),
        confirmText: t('security.remove'),
        cancelText: t('common:cancel'),
      },
      // The step-up sheet may open next: not over this dialog while it fades out.
      { untilClosed: true },
    );
    if (!confirmed) return;
    await stepUp
      .guard(() => remove.mutateAsync(factor.id))
      .then(() => Toast.show({ icon: 'success', content: t('security.removed'), duration: 1500 }))
      .catch(() => undefined);
  };

  const saveName = () => {
    if (!renaming) return;
    rename.mutate(renaming, { onSuccess: () => setRenaming(null) });
  };

  return (
    <>
      <List header={t('security.factors')} data-testid="factor-list">
        {!isPending && factors.length === 0 && (
          <List.Item data-testid="factor-none" description={t('security.noneHint')}>
            {t('security.none')}
          </List.Item>
        )}
        {factors.map((factor) => (
          <List.Item
            key={factor.id}
            data-testid={`factor-${factor.kind}`}
            description={
              <div className="kb-session-meta">
                <div>{t(`security.kind.${factor.kind}`)}</div>
                <div>{t('security.added', { time: formatJst(factor.createdAt) })}</div>
              </div>
            }
            extra={
              <div className="kb-factor-actions">
                <Button
                  size="mini"
                  onClick={() =>
                    setRenaming({ id: factor.id, label: factor.label || t(`security.kind.${factor.kind}`) })
                  }
                  data-testid="factor-rename"
                >
                  {t('security.rename')}
                </Button>
                <Button
                  size="mini"
                  color="danger"
                  fill="outline"
                  onClick={() => void confirmRemove(factor)}
                  data-testid="factor-remove"
                >
                  {t('security.remove')}
                </Button>
              </div>
            }
          >
            <span data-testid="factor-label">{factor.label || t(`security.kind.${factor.kind}`)}</span>
          </List.Item>
        ))}
      </List>
      {renaming && (
        <Popup visible onMaskClick={() => setRenaming(null)} bodyClassName="kb-sheet" destroyOnClose>
          <form
            className="kb-sheet-body"
            onSubmit={(event) => {
              event.preventDefault();
              saveName();
            }}
          >
            <h3>{t('security.renameTitle')}</h3>
            <Input
              value={renaming.label}
              onChange={(label) => setRenaming({ ...renaming, label })}
              maxLength={40}
              aria-label={t('security.name')}
              data-testid="factor-name"
            />
            <Button block type="submit" color="primary" loading={rename.isPending} data-testid="factor-save">
              {t('common:confirm')}
            </Button>
          </form>
        </Popup>
      )}
    </>
  );
}
