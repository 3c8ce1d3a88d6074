import { EmptyState } from '../../../components/ui/EmptyState';

export default function NewsPage() {
  return <EmptyState />;
}
