import { DelayedLoading } from '../../../components/ui/DelayedLoading';
import { EmptyState } from '../../../components/ui/EmptyState';
import { useUserInfo } from '../../../lib/current-user';
import { useIsLoggedIn } from '../../../lib/session-store';
import { GuestPrompt } from '../components/GuestPrompt';
import { UserProfile } from '../components/UserProfile';

export default function UserPage() {
  const loggedIn = useIsLoggedIn();
  const { data: info, isError, refetch } = useUserInfo();
  if (!loggedIn) return <GuestPrompt />;
  if (info) return <UserProfile info={info} onRefresh={refetch} />;
  return isError ? <EmptyState /> : <DelayedLoading />;
}
