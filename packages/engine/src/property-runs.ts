/**
 * How many cases each fast-check property runs: ENGINE_PROPERTY_RUNS overrides the default, so CI stays
 * fast and a soak run can ask for more. Read through globalThis because the package is typed without Node.
 */
export function propertyRuns(fallback: number): number {
  const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env;
  const asked = Number(env?.ENGINE_PROPERTY_RUNS);
  return Number.isSafeInteger(asked) && asked > 0 ? asked : fallback;
}
