import { page, type AppRoute } from '../../../lib/routing';
import { AGREEMENT_PATH, PRIVACY_PATH } from '../../../lib/paths';

export const legalRoutes: AppRoute[] = [
  page(AGREEMENT_PATH, () => import('./AgreementPage')),
  page(PRIVACY_PATH, () => import('./PrivacyPage')),
];
