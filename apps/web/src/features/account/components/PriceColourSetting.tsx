import { useState } from 'react';
import { List } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { PRICE_COLOURS, setPriceColours, storedPriceColours } from '../../../lib/price-tone';

/** Rise red / fall green (the Japanese convention, the default) or the reverse; kept on this device. */
export function PriceColourSetting() {
  const { t } = useTranslation();
  const [active, setActive] = useState(storedPriceColours);
  return (
    <List header={t('settings.priceColours')} data-testid="price-colours">
      {PRICE_COLOURS.map((colours) => (
        <List.Item
          key={colours}
          arrow={false}
          onClick={() => {
            setPriceColours(colours);
            setActive(colours);
          }}
          extra={
            colours === active ? <CheckOutline color="var(--kb-primary)" fontSize={20} aria-hidden /> : null
          }
          aria-current={colours === active ? 'true' : undefined}
          data-testid={`price-colours-${colours}`}
        >
          <span className={colours === 'japanese' ? 'kb-swatch-up' : 'kb-swatch-down'} aria-hidden>
            ▲
          </span>
          <span className={colours === 'japanese' ? 'kb-swatch-down' : 'kb-swatch-up'} aria-hidden>
            ▼
          </span>{' '}
          {t(`settings.priceColourOptions.${colours}`)}
        </List.Item>
      ))}
    </List>
  );
}
