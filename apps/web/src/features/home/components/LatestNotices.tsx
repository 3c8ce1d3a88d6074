import { formatJst } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MESSAGE_PATH } from '../../../lib/paths';
import { useLatestNotices } from '../api/notices';

/** The signed-in investor's three newest messages and notices; the whole feed is one tap away. */
export function LatestNotices() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notices = useLatestNotices();
  if (!notices.data) return null;
  return (
    <section className="kb-section" data-testid="home-notices">
      <div className="kb-section-head">
        <h2>{t('home.notices')}</h2>
        <button
          type="button"
          className="kb-link"
          onClick={() => navigate(MESSAGE_PATH)}
          data-testid="home-notices-all"
        >
          {t('home.seeAll')}
        </button>
      </div>
      {notices.data.length === 0 ? (
        <p className="kb-muted">{t('home.noNotices')}</p>
      ) : (
        <ul className="kb-home-notice-list">
          {notices.data.map((item) => (
            <li key={item.id}>
              <button type="button" className="kb-home-notice" onClick={() => navigate(MESSAGE_PATH)}>
                <span
                  className={
                    item.read ? 'kb-home-notice-title' : 'kb-home-notice-title kb-home-notice-unread'
                  }
                >
                  {item.title}
                </span>
                <time dateTime={item.createdAt} className="kb-muted">
                  {formatJst(item.createdAt)}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
