-- The house's limits on new orders per instrument (docs/trading.md, "Instrument limits"). NULL: no limit of
-- the instrument's own, the global configuration applies. Existing positions are never touched by a change.
-- The reference data has no 貸借銘柄 (shortable) column, so every instrument starts shortable.
ALTER TABLE instruments
  ADD COLUMN max_leverage SMALLINT CHECK (max_leverage >= 1),
  ADD COLUMN max_lots_per_order INTEGER CHECK (max_lots_per_order >= 1),
  ADD COLUMN max_open_lots INTEGER CHECK (max_open_lots >= 1),
  ADD COLUMN shortable BOOLEAN NOT NULL DEFAULT true;
