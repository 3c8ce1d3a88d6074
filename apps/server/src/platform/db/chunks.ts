/** The most parameters one statement may carry (PostgreSQL's protocol, and PGlite's). */
const MAX_PARAMETERS = 65_535;

/**
 * Writes `rows` in as few statements as the parameter limit allows: a multi-row INSERT passes one parameter
 * per column and row, so thousands of rows at once (a daily run's expiries, a stop-loss burst) would exceed it.
 */
export async function inStatementChunks<T extends object>(
  rows: readonly T[],
  write: (chunk: readonly T[]) => Promise<unknown>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = new Set(rows.flatMap((row) => Object.keys(row))).size;
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, columns)));
  for (let start = 0; start < rows.length; start += size) await write(rows.slice(start, start + size));
}
