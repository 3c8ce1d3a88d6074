import type { ReactNode } from 'react';
import {
  AccountBookOutlined,
  AuditOutlined,
  BankOutlined,
  ExportOutlined,
  GiftOutlined,
  IdcardOutlined,
  MessageOutlined,
  NotificationOutlined,
  StockOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { Permission } from '@kabuto/contract';

/** The console's sections: one menu item and one home-page card each, shown to roles with the permission. */
export interface Section {
  path: string;
  permission: Permission;
  icon: ReactNode;
  labelKey: string;
  descriptionKey: string;
}

export const SECTIONS: readonly Section[] = [
  {
    path: '/users',
    permission: 'users.read',
    icon: <TeamOutlined />,
    labelKey: 'nav.users',
    descriptionKey: 'home.descriptions.users',
  },
  {
    path: '/kyc',
    permission: 'kyc.review',
    icon: <IdcardOutlined />,
    labelKey: 'nav.kyc',
    descriptionKey: 'home.descriptions.kyc',
  },
  {
    path: '/deposits',
    permission: 'deposits.credit',
    icon: <BankOutlined />,
    labelKey: 'nav.deposits',
    descriptionKey: 'home.descriptions.deposits',
  },
  {
    path: '/withdrawals',
    permission: 'withdrawals.approve',
    icon: <ExportOutlined />,
    labelKey: 'nav.withdrawals',
    descriptionKey: 'home.descriptions.withdrawals',
  },
  {
    path: '/adjustments',
    permission: 'ledger.adjust',
    icon: <AccountBookOutlined />,
    labelKey: 'nav.adjustments',
    descriptionKey: 'home.descriptions.adjustments',
  },
  {
    path: '/trading',
    permission: 'trading.read',
    icon: <StockOutlined />,
    labelKey: 'nav.trading',
    descriptionKey: 'home.descriptions.trading',
  },
  {
    path: '/invitation-codes',
    permission: 'invites.read',
    icon: <GiftOutlined />,
    labelKey: 'nav.invitationCodes',
    descriptionKey: 'home.descriptions.invitationCodes',
  },
  {
    path: '/notices',
    permission: 'notices.manage',
    icon: <NotificationOutlined />,
    labelKey: 'nav.notices',
    descriptionKey: 'home.descriptions.notices',
  },
  {
    path: '/audit-log',
    permission: 'audit.read',
    icon: <AuditOutlined />,
    labelKey: 'nav.auditLog',
    descriptionKey: 'home.descriptions.auditLog',
  },
  {
    path: '/sms-outbox',
    permission: 'sms.read',
    icon: <MessageOutlined />,
    labelKey: 'nav.smsOutbox',
    descriptionKey: 'home.descriptions.smsOutbox',
  },
  {
    path: '/staff-members',
    permission: 'staff.manage',
    icon: <IdcardOutlined />,
    labelKey: 'nav.staffMembers',
    descriptionKey: 'home.descriptions.staffMembers',
  },
];

/** The sections a staff member's permissions open. */
export function sectionsFor(permissions: readonly Permission[] | undefined): readonly Section[] {
  return SECTIONS.filter((section) => permissions?.includes(section.permission));
}
