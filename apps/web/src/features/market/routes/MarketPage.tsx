import { EmptyState } from '../../../components/ui/EmptyState';

export default function MarketPage() {
  return <EmptyState />;
}
