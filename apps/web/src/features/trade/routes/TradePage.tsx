import { ComingSoon } from '../../../components/ui/EmptyState';

export default function TradePage() {
  return <ComingSoon />;
}
