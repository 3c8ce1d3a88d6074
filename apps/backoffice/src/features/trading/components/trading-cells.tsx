import { Tag } from 'antd';
import { basisPointsAsPercent } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../../components/Money';

/** A price or amount, or a dash when there is none. */
export const MoneyCell = ({ value, signed }: { value: string | null; signed?: boolean }) =>
  value === null ? <span>—</span> : <Money value={value} signed={signed ?? false} />;

export function SideTag({ side }: { side: 'long' | 'short' }) {
  const { t } = useTranslation();
  return <Tag color={side === 'long' ? 'red' : 'blue'}>{t(`trading.sides.${side}`)}</Tag>;
}

export const UserLink = ({ userId }: { userId: string }) => <Link to={`/users/${userId}`}>{userId}</Link>;

/** A ratio in basis points as a percentage: 2000 → 20.00%. */
export const percent = (bp: number | null) => (bp === null ? '—' : `${basisPointsAsPercent(bp)}%`);

/** The instrument's name in the reader's language: Japanese names for ja and zh-CN, English otherwise. */
export function useInstrumentName() {
  const { i18n } = useTranslation();
  const japanese = i18n.language === 'ja' || i18n.language === 'zh-CN';
  return (item: { nameJa: string; nameEn: string }) => (japanese ? item.nameJa : item.nameEn);
}

export const NOWRAP = { whiteSpace: 'nowrap' } as const;
