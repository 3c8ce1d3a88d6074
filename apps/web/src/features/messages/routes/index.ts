import { AUTH, page, type AppRoute } from '../../../lib/routing';
import { MESSAGE_PATH } from '../../../lib/paths';

export const messageRoutes: AppRoute[] = [page(MESSAGE_PATH, () => import('./MessagesPage'), AUTH)];
