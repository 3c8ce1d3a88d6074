import type { ErrorCode } from '@kabuto/contract';
import type { Executor } from '../../database';
import type { Clock } from '../../platform/clock';
import type { StaffRefusal } from '../../platform/routes';
import { recordAudit } from './audit.repository';

/**
 * The refusals that say a staff member tried to step past a control: a permission their role lacks, or a rule
 * of separation of duties (four eyes, no approving one's own work or one's own account, a bank reference used
 * twice, a deposit credited to another investor's notice). Mistakes of input are not audited.
 */
const CONTROL_REFUSALS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'STAFF_PERMISSION_DENIED',
  'STAFF_SELF_ACTION',
  'SECOND_APPROVER_MUST_DIFFER',
  'KYC_SECOND_REVIEWER_REQUIRED',
  'WITHDRAWAL_APPROVER_CREDITED',
  'STAFF_JOINED_BY_CREDENTIALS',
  'BANK_REFERENCE_USED',
  'DEPOSIT_NOTICE_OTHER_USER',
  'DEPOSIT_USER_NOT_VERIFIED',
]);

/** Audits a refused staff request when it was refused by a control; the rule is the entry's reason. */
export async function auditStaffRefusal(
  ctx: { db: Executor; clock: Clock },
  refusal: StaffRefusal,
): Promise<void> {
  if (!CONTROL_REFUSALS.has(refusal.errorCode)) return;
  await recordAudit(ctx.db, {
    staffId: refusal.staff.staffId,
    action: 'staff.action_refused',
    targetKind: 'request',
    targetId: refusal.request.slice(0, 200),
    reason: refusal.errorCode,
    after: Object.keys(refusal.params).length > 0 ? refusal.params : undefined,
    ip: refusal.meta.ip,
    at: ctx.clock.now(),
  });
}
