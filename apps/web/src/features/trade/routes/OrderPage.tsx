import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTradeTranslation } from '../lib/texts';
import { INSTRUMENT_CODE } from '@kabuto/contract';
import { SubPage } from '../../../components/ui/SubPage';
import { EmptyState } from '../../../components/ui/EmptyState';
import { STOCK_DETAIL_PATH, TRADE_PATH } from '../../../lib/paths';
import { OrderPanel } from '../order-panel';

/**
 * The order panel as a page, opened with `?code=7203&side=long|short`: how another screen (the stock page's
 * 買い / 売り buttons) opens it without importing this feature. Closing it goes back; placing goes to Trade, on the tab
 * that shows what was placed.
 */
export default function OrderPage() {
  const { t } = useTradeTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  // An order whose answer comes after the investor has left this page (Back while it was sending) is said by its
  // toast; the app does not then take them from where they went.
  const here = useRef(true);
  useEffect(() => {
    here.current = true;
    return () => {
      here.current = false;
    };
  }, []);
  const code = (params.get('code') ?? '').toUpperCase();
  const side = params.get('side') === 'short' ? 'short' : 'long';
  return (
    <SubPage title={t('titles.order')} testId="order-page">
      {INSTRUMENT_CODE.test(code) ? (
        <OrderPanel
          code={code}
          side={side}
          visible
          onClose={() =>
            // Opened from another screen: back there; opened directly: the stock's page.
            location.key === 'default'
              ? void navigate(`${STOCK_DETAIL_PATH}?code=${code}`, { replace: true })
              : void navigate(-1)
          }
          // A holding on the other side is closed from 建玉; Back returns to this order.
          onOpenPositions={() => void navigate(TRADE_PATH, { state: { tradeTab: 'positions' } })}
          // To the tab that shows it: a filled order's position, or the order itself while it rests.
          onPlaced={(order) =>
            here.current &&
            void navigate(TRADE_PATH, {
              replace: true,
              state: { tradeTab: order.status === 'filled' ? 'positions' : 'orders' },
            })
          }
        />
      ) : (
        <EmptyState description={t('trade:noInstrument')} />
      )}
    </SubPage>
  );
}
