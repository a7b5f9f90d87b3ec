-- Findings move by declared actions (crud/actions.ts), which version the row they move as every other
-- record: a stale confirm or dismiss is refused instead of acting on a row someone else just changed.
-- Constant defaults: no table rewrite.
ALTER TABLE positive_findings
  ADD COLUMN version int NOT NULL DEFAULT 1,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
