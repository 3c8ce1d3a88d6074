export {
  findUserById,
  findUserByMobile,
  lockUserByMobile,
  lockUserById,
  insertUser,
  updateUser,
  searchUsers,
  inviteCodeOf,
  type UserRow,
} from './users.repository';
export { userInfoOf, accountFigures, type AccountFigures } from './users.service';
