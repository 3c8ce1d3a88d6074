/** PostgreSQL's unique_violation, the same code on both engines. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== '23505') return false;
  return constraint === undefined || e.constraint === constraint || (e.message ?? '').includes(constraint);
}

export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();
