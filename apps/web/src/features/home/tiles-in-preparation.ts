/**
 * Home's tiles whose feature is still being built: the tile says 準備中 before the tap. Read by HomePage and by
 * the first screen index.html draws (apps/web/first-screen), so the two never differ.
 */
export const TILES_IN_PREPARATION: ReadonlySet<string> = new Set([
  'ipo',
  'blockTrade',
  'copyTrading',
  'fund',
  'financing',
]);
