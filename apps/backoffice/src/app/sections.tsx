import type { ReactNode } from 'react';
import {
  AuditOutlined,
  GiftOutlined,
  IdcardOutlined,
  MessageOutlined,
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
    path: '/invitation-codes',
    permission: 'invites.read',
    icon: <GiftOutlined />,
    labelKey: 'nav.invitationCodes',
    descriptionKey: 'home.descriptions.invitationCodes',
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
