import { Button, List, Tag, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatJst } from '@kabuto/contract';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions';
import { confirmOnScreen } from '../../../components/ui/confirm-on-screen';

/** "Devices and sessions": where the account is signed in, with a way to sign out one device or every other one. */
export function SessionList() {
  const { t } = useTranslation();
  const { data: sessions = [], isPending } = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const revokeOne = useRevokeSession();
  const hasOthers = sessions.some((session) => !session.current);

  const confirmRevoke = async () => {
    const confirmed = await confirmOnScreen({
      content: t('sessions.confirmRevoke'),
      'aria-label': t('sessions.revokeOthers'),
      confirmText: t('common:confirm'),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) =>
        Toast.show({ icon: 'success', content: t('sessions.revoked', { count: revoked }), duration: 1500 }),
    });
  };

  const confirmRevokeOne = async (id: string, device: string) => {
    const confirmed = await confirmOnScreen({
      content: t('sessions.confirmRevokeOne', { device }),
      'aria-label': t('sessions.revokeOneLabel', { device }),
      confirmText: t('sessions.revokeOne'),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    revokeOne.mutate(id, {
      onSuccess: () => Toast.show({ icon: 'success', content: t('sessions.revokedOne'), duration: 1500 }),
    });
  };

  return (
    <List header={t('sessions.title')} data-testid="session-list">
      {sessions.map((session) => {
        const device = session.deviceName ?? t('sessions.unknownDevice');
        return (
          <List.Item
            key={session.id}
            data-testid={session.current ? 'session-current' : 'session-other'}
            extra={
              session.current ? (
                <Tag color="primary">{t('sessions.current')}</Tag>
              ) : (
                <Button
                  size="small"
                  color="danger"
                  fill="outline"
                  loading={revokeOne.isPending && revokeOne.variables === session.id}
                  onClick={() => void confirmRevokeOne(session.id, device)}
                  aria-label={t('sessions.revokeOneLabel', { device })}
                  data-testid="session-revoke"
                >
                  {t('sessions.revokeOne')}
                </Button>
              )
            }
            description={
              <div className="kb-session-meta">
                <div>{t('sessions.ip', { ip: session.ip ?? '-' })}</div>
                <div>{t('sessions.lastSeen', { time: formatJst(session.lastSeenAt) })}</div>
              </div>
            }
          >
            <span className="kb-session-meta" style={{ color: '#333', fontSize: 13 }}>
              {device}
            </span>
          </List.Item>
        );
      })}
      {!isPending && (
        <List.Item>
          <Button
            block
            color="danger"
            fill="outline"
            disabled={!hasOthers}
            loading={revokeOthers.isPending}
            onClick={() => void confirmRevoke()}
            data-testid="sessions-revoke-others"
          >
            {t('sessions.revokeOthers')}
          </Button>
        </List.Item>
      )}
    </List>
  );
}
