import type { Kysely } from 'kysely';
import type { AlertsTables } from './modules/alerts/alerts.table';
import type { AuditTables } from './modules/audit/audit.table';
import type { FundingTables } from './modules/funding/funding.table';
import type { FactorsTables } from './modules/factors/factors.table';
import type { InvitationsTables } from './modules/invitations/invitations.table';
import type { LedgerTables } from './modules/ledger/ledger.table';
import type { KycTables } from './modules/kyc/kyc.table';
import type { MarketTables } from './modules/market/market.table';
import type { MessagingTables } from './modules/messaging/messaging.table';
import type { SessionsTables } from './modules/sessions/sessions.table';
import type { SmsTables } from './modules/sms/sms.table';
import type { StaffTables } from './modules/staff/staff.table';
import type { UsersTables } from './modules/users/users.table';
import type { DefaultNow } from './platform/db/columns';

interface SchemaMigrationsTable {
  name: string;
  applied_at: DefaultNow;
}

/** The whole schema as Kysely sees it, assembled from each module's table types. */
export interface DB
  extends
    UsersTables,
    SessionsTables,
    StaffTables,
    InvitationsTables,
    SmsTables,
    AuditTables,
    LedgerTables,
    FundingTables,
    FactorsTables,
    KycTables,
    MessagingTables,
    MarketTables,
    AlertsTables {
  schema_migrations: SchemaMigrationsTable;
}

/** What repositories run on: the database or an open transaction (a Transaction is a Kysely). */
export type Executor = Kysely<DB>;
