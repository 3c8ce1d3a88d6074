import { INVESTOR, endpoint } from '../endpoint';
import { customerServiceLink, legacyUserQuery, userInfo, withdrawalContext } from '../user';

export const legacyEndpoints = {
  userInfo: endpoint({
    method: 'GET',
    path: '/api/index/getUserInfo',
    tag: 'legacy',
    summary: 'User info (legacy)',
    description: "A user_id other than the caller's is refused with 403, whether it exists or not.",
    access: INVESTOR,
    query: legacyUserQuery,
    response: userInfo,
  }),
  customerService: endpoint({
    method: 'GET',
    path: '/api/index/getCzhiurl',
    tag: 'legacy',
    summary: 'Deposit instructions / customer-service URL (legacy)',
    access: INVESTOR,
    response: customerServiceLink,
  }),
  withdrawal: endpoint({
    method: 'GET',
    path: '/api/index/withdrawal',
    tag: 'legacy',
    summary: 'Withdrawal form context (legacy)',
    access: INVESTOR,
    query: legacyUserQuery,
    response: withdrawalContext,
  }),
} as const;
