import { EmptyState } from '../../../components/ui/EmptyState';

export default function TradePage() {
  return <EmptyState />;
}
