import { NoticeBar } from 'antd-mobile';
import { Link } from 'react-router';
import './funding.css';

/** What a funding screen needs that the investor has not set up yet, with the way there. */
export function SetUpFirst({ to, testId, children }: { to: string; testId: string; children: string }) {
  return (
    <NoticeBar
      content={
        <Link to={to} className="kb-setup-link" data-testid={testId}>
          {children}
        </Link>
      }
      color="alert"
      wrap
    />
  );
}
