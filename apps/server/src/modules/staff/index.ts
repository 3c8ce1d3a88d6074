export type { StaffTables } from './staff.table';
export { staffStaffRoutes } from './staff.staff-routes';
export { authenticateStaff } from './staff.service';
export { anyStaffExists, insertStaff } from './staff.repository';
export { refuseJoinedStaff, staffCountedAsOne } from './custody';
