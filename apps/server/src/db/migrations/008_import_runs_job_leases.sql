-- Several server instances may share one database: nothing a request or a job needs may live in one
-- process's memory.

-- One row per spreadsheet import: its progress, polled by the client (any instance answers), and the
-- audit entry that the import keeps up to date as its batches commit.
CREATE TABLE import_runs (
  id          bigserial PRIMARY KEY,
  user_id     int NOT NULL,
  -- the importId the client polls with (optional)
  client_id   text,
  resource    text NOT NULL,
  audit_id    bigint,
  status      text NOT NULL DEFAULT 'running',
  rows_read   int NOT NULL DEFAULT 0,
  started_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX import_runs_client_idx ON import_runs (user_id, client_id, id DESC);

-- Background jobs are claimed (FOR UPDATE SKIP LOCKED) with a lease that the running instance renews;
-- a job whose lease ran out belonged to a stopped instance and is taken over.
ALTER TABLE evaluation_jobs
  ADD COLUMN claimed_by  text,
  ADD COLUMN lease_until timestamptz,
  ADD COLUMN attempts    int NOT NULL DEFAULT 0;
CREATE INDEX evaluation_jobs_open_idx ON evaluation_jobs (id) WHERE status IN ('queued', 'running');
