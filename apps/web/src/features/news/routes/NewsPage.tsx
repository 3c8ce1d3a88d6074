import { ComingSoon } from '../../../components/ui/EmptyState';

export default function NewsPage() {
  return <ComingSoon />;
}
