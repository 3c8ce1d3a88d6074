export type { UsersTables, UserRow } from './users.table';
export {
  findUserById,
  findUserByMobile,
  lockUserByMobile,
  lockUserById,
  insertUser,
  updateUser,
} from './users.repository';
export { userInfoOf, accountFigures, type AccountFigures } from './users.service';
export { userStaffRoutes } from './users.staff-routes';
