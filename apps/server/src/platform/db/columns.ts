import type { ColumnType } from 'kysely';

/** Column shapes every table file uses. BIGINT columns read as bigint on both engines. */
export type Id = ColumnType<bigint, bigint | undefined, never>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type DefaultNow = ColumnType<Date, Date | string | undefined, Date | string>;
