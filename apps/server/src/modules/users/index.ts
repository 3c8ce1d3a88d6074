export type { UsersTables, UserRow } from './users.table';
export {
  findUserById,
  findUserByMobile,
  lockUserByMobile,
  lockUserById,
  insertUser,
  updateUser,
} from './users.repository';
export { findUserCached } from './users.cache';
export {
  userInfoOf,
  accountFigures,
  countWrongAnswer,
  lockSignedInUser,
  type AccountFigures,
} from './users.service';
export { mobileFor, userStaffRoutes } from './users.staff-routes';
