import { Button } from 'antd-mobile';
import { useTradeTranslation } from '../lib/texts';
import { usePositions } from '../api/trading';
import { quantityText } from '../lib/labels';
import { oppositeLots, type Side } from '../lib/figures';

/** The side held against an order's side in its stock and how many lots of it, or null when none is held. */
function useHeldOpposite(code: string, side: Side): { held: Side; lots: number } | null {
  const positions = usePositions('open');
  const lots = oppositeLots(positions.data?.pages.flatMap((page) => page.items) ?? [], code, side);
  return lots === 0 ? null : { held: side === 'short' ? 'long' : 'short', lots };
}

/**
 * Said above an order that would open a new position against one the investor holds in the stock: a 売り here is
 * a new short (信用売り), not the sale of the 買建 they hold, and a 買い a new long, not the 買戻し of a 売建.
 * Japanese brokers' apps sell a holding from 売り; here a holding is sold by closing it (返済), which the button
 * opens.
 */
export function HeldOppositeNote({
  code,
  side,
  onOpenPositions,
}: {
  code: string;
  side: Side;
  onOpenPositions?: (() => void) | undefined;
}) {
  const { t } = useTradeTranslation();
  const opposite = useHeldOpposite(code, side);
  if (!opposite) return null;
  const { held, lots } = opposite;
  return (
    <div className="kb-trade-note kb-trade-held-note" role="note" data-testid="order-held-opposite">
      <p style={{ margin: 0 }}>{t(`trade:heldOpposite.${held}`, { quantity: quantityText(t, lots) })}</p>
      {onOpenPositions && (
        <Button size="small" onClick={onOpenPositions} data-testid="order-held-opposite-close">
          {t('trade:heldOpposite.action')}
        </Button>
      )}
    </div>
  );
}

/** The same said again where the order is confirmed: the position held stays open, the order opens another. */
export function HeldOppositeConfirmNote({ code, side }: { code: string; side: Side }) {
  const { t } = useTradeTranslation();
  const opposite = useHeldOpposite(code, side);
  if (!opposite) return null;
  const { held, lots } = opposite;
  return (
    <p className="kb-trade-note kb-trade-held-note" role="note" data-testid="order-confirm-held-opposite">
      {t(`trade:heldOpposite.confirm.${held}`, { quantity: quantityText(t, lots) })}
    </p>
  );
}
