import type { AppContext } from '../../platform/context';
import { hashPassword } from '../../platform/crypto';
import { consumeInvitation, createReferralInvitation, insertStaffInvitation } from '../invitations';
import { anyStaffExists, insertStaff } from '../staff';
import { jstDateOf } from '@kabuto/contract';
import { creditDepositIn, fileNoticeIn, insertBankAccount } from '../funding';
import { insertPassedVerification } from '../kyc';
import { insertUser } from '../users';

/** Demo data for local use, documented in README. Written once: a database that has staff is left alone. */
export const DEMO = {
  inviteCode: 'WELCOME',
  investor: {
    mobile: '09000000001',
    password: 'demo1234',
    transactionPassword: '123456',
    referralCode: 'DEMO0001',
    /** Passed identity verification; the bank account below is in this name, as every withdrawal account must be. */
    kyc: { fullName: '兜 太郎', fullNameKana: 'カブト タロウ', idNumber: 'DEMO00000001' },
    /** Credited through the ledger by the seeded finance clerk, against this bank statement line. */
    deposit: { amountSen: 1_000_000_00n, bankReference: 'DEMO-0001', senderName: 'カブト タロウ' },
    bankAccount: {
      holder_name: 'カブト タロウ',
      bank_name: 'カブトデモ銀行',
      branch_name: '本店',
      branch_code: '001',
      account_number: '1234567',
    },
  },
  staff: {
    username: 'admin',
    password: 'Kabuto-admin-2026',
    totpSecret: 'KABUTOADMINDEMO2',
    displayName: 'Administrator',
    displayNameKey: 'demoAdministrator',
  },
  /**
   * Seeded, not created by the admin, so they and the admin are different people to the two-person rules: the
   * clerk credits the demo deposit and the admin can approve the demo's withdrawals; the officer confirms an
   * identity the admin approved first.
   */
  financeClerk: {
    username: 'finance',
    password: 'Kabuto-finance-2026',
    totpSecret: 'KABUTOFINANCEDM2',
    displayName: 'Finance clerk',
    displayNameKey: 'demoFinanceClerk',
  },
  complianceOfficer: {
    username: 'compliance',
    password: 'Kabuto-compliance-2026',
    totpSecret: 'KABUTOCOMPLIANC2',
    displayName: 'Compliance officer',
    displayNameKey: 'demoComplianceOfficer',
  },
} as const;

export async function seedDemoData(ctx: AppContext): Promise<boolean> {
  const [staffHash, clerkHash, officerHash, investorHash, transactionHash] = await Promise.all([
    hashPassword(DEMO.staff.password),
    hashPassword(DEMO.financeClerk.password),
    hashPassword(DEMO.complianceOfficer.password),
    hashPassword(DEMO.investor.password),
    hashPassword(DEMO.investor.transactionPassword),
  ]);
  const now = ctx.clock.now();
  return ctx.transact(async (tx) => {
    const { db } = tx;
    if (await anyStaffExists(db)) return false;
    const admin = await insertStaff(db, {
      username: DEMO.staff.username,
      display_name: DEMO.staff.displayName,
      display_name_key: DEMO.staff.displayNameKey,
      password_hash: staffHash,
      totp_secret: DEMO.staff.totpSecret,
      role: 'admin',
    });
    const clerk = await insertStaff(db, {
      username: DEMO.financeClerk.username,
      display_name: DEMO.financeClerk.displayName,
      display_name_key: DEMO.financeClerk.displayNameKey,
      password_hash: clerkHash,
      totp_secret: DEMO.financeClerk.totpSecret,
      role: 'finance',
    });
    await insertStaff(db, {
      username: DEMO.complianceOfficer.username,
      display_name: DEMO.complianceOfficer.displayName,
      display_name_key: DEMO.complianceOfficer.displayNameKey,
      password_hash: officerHash,
      totp_secret: DEMO.complianceOfficer.totpSecret,
      role: 'compliance',
    });
    const invitation = await insertStaffInvitation(db, {
      code: DEMO.inviteCode,
      maxUses: null,
      note: 'Demo: unlimited uses',
      noteKey: 'demoInvitationNote',
      staffId: admin.id,
      now,
    });
    const investor = await insertUser(db, {
      mobile: DEMO.investor.mobile,
      password_hash: investorHash,
      transaction_password_hash: transactionHash,
      invitation_code_id: BigInt(invitation.id),
      referral_code: DEMO.investor.referralCode,
      kyc_status: 'passed',
      created_at: now,
    });
    await consumeInvitation(db, BigInt(invitation.id));
    await createReferralInvitation(db, investor.id, DEMO.investor.referralCode, now);
    await insertPassedVerification(ctx, db, {
      userId: investor.id,
      ...DEMO.investor.kyc,
      staffId: admin.id,
      now,
    });
    await insertBankAccount(db, { user_id: investor.id, ...DEMO.investor.bankAccount, created_at: now });
    // For a notice, as a customer's transfer is, credited by the finance clerk: whoever credits a user's deposit
    // may not also pay it out for 30 days, so the admin approves the demo's withdrawals.
    const notice = await fileNoticeIn(db, {
      userId: investor.id,
      amount: DEMO.investor.deposit.amountSen,
      transferDate: jstDateOf(now),
      senderName: DEMO.investor.deposit.senderName,
      at: now,
    });
    await creditDepositIn(
      ctx,
      tx,
      { staffId: clerk.id, sessionId: null },
      {
        userId: investor.id,
        amount: DEMO.investor.deposit.amountSen,
        bankReference: DEMO.investor.deposit.bankReference,
        noticeId: notice.id,
      },
      'demo-deposit',
      null,
    );
    return true;
  });
}
