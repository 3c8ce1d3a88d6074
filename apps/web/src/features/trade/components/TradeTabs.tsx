import { useState } from 'react';
import { Tabs } from 'antd-mobile';
import { useLocation } from 'react-router';
import type { Order, Position } from '@kabuto/contract';
import { useTradeTranslation } from '../lib/texts';
import type { TradeSnapshot } from '../api/snapshot';
import { ToggleGroup } from './ToggleGroup';
import { ClosedPositionList } from './ClosedPositionList';
import { OrderDetail } from './OrderDetail';
import { OrderHistoryList } from './OrderHistoryList';
import { OrderList } from './OrderList';
import { PositionDetail } from './PositionDetail';
import { PositionList } from './PositionList';
import { WithdrawnCloseDetail, type WithdrawnCloseLine } from './WithdrawnCloseDetail';

type TabKey = 'positions' | 'orders' | 'history';
type HistoryKind = 'positions' | 'orders';

/** Where another screen asks the tabs to open (a statement line's order: its order history). */
function askedOf(state: unknown): { tab: TabKey; history: HistoryKind } {
  const asked = (state ?? {}) as { tradeTab?: unknown; tradeHistory?: unknown };
  return {
    tab: asked.tradeTab === 'history' || asked.tradeTab === 'orders' ? asked.tradeTab : 'positions',
    history: asked.tradeHistory === 'orders' ? 'orders' : 'positions',
  };
}

/** 建玉照会, 注文照会 and the history, each row opening its detail. */
export function TradeTabs({ snapshot }: { snapshot: TradeSnapshot }) {
  const { t } = useTradeTranslation();
  const location = useLocation();
  const [tab, setTab] = useState<TabKey>(() => askedOf(location.state).tab);
  const [history, setHistory] = useState<HistoryKind>(() => askedOf(location.state).history);
  const [position, setPosition] = useState<Position | null>(null);
  const [order, setOrder] = useState<Order | null>(null);
  const [withdrawn, setWithdrawn] = useState<WithdrawnCloseLine | null>(null);
  return (
    <section className="kb-section kb-trade-tabs" style={{ padding: 0 }} data-testid="trade-tabs">
      <Tabs activeKey={tab} onChange={(key) => setTab(key as TabKey)}>
        <Tabs.Tab title={t('trade:tabs.positions')} key="positions">
          <PositionList snapshot={snapshot} onOpen={setPosition} />
        </Tabs.Tab>
        <Tabs.Tab title={t('trade:tabs.orders')} key="orders">
          <OrderList
            status="open"
            onOpen={setOrder}
            positions={snapshot.rows.map((row) => row.position)}
            onOpenPosition={setPosition}
          />
        </Tabs.Tab>
        <Tabs.Tab title={t('trade:tabs.history')} key="history">
          <ToggleGroup
            label={t('trade:tabs.history')}
            value={history}
            options={[
              { value: 'positions', label: t('trade:history.positions') },
              { value: 'orders', label: t('trade:history.orders') },
            ]}
            onChange={setHistory}
            testId="trade-history-kind"
          />
          {history === 'positions' ? (
            <ClosedPositionList onOpen={setPosition} />
          ) : (
            <OrderHistoryList
              onOpenOrder={setOrder}
              onOpenPosition={setPosition}
              onOpenWithdrawnClose={setWithdrawn}
            />
          )}
        </Tabs.Tab>
      </Tabs>
      <PositionDetail position={position} onClose={() => setPosition(null)} />
      <OrderDetail order={order} onClose={() => setOrder(null)} />
      <WithdrawnCloseDetail
        line={withdrawn}
        onClose={() => setWithdrawn(null)}
        onOpenPosition={setPosition}
      />
    </section>
  );
}
