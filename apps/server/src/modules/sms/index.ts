export type { SmsTables } from './sms.table';
export { devOutboxSender, issueSmsCode, consumeSmsCode } from './sms.service';
export { smsRoutes } from './sms.routes';
export { smsStaffRoutes } from './sms.staff-routes';
