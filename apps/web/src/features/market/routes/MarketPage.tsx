import { ComingSoon } from '../../../components/ui/EmptyState';

export default function MarketPage() {
  return <ComingSoon />;
}
