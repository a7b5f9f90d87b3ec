-- Uploaded files (avatars, signed agreements, other documents). The bytes live in the storage (a local
-- folder by default) under storage_key, a random name; this table says what they are and who may read them.

CREATE TABLE uploads (
  id             bigserial PRIMARY KEY,
  -- Random key in the storage; never derived from the uploader's file name.
  storage_key    text NOT NULL UNIQUE,
  -- The file name as the uploader's browser sent it (path removed), shown and offered on download only.
  original_name  text NOT NULL,
  -- Type found from the file's content (magic bytes), never the client's claim.
  mime           text NOT NULL,
  size           bigint NOT NULL CHECK (size >= 0),
  sha256         text NOT NULL,
  purpose        text NOT NULL CHECK (purpose IN ('avatar', 'agreement', 'file')),
  uploaded_by    int NOT NULL REFERENCES users(id),
  -- The uploader's unit scope root at upload time; NULL = an account of the whole company.
  unit_id        int REFERENCES units(id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  deleted_at     timestamptz
);
CREATE INDEX uploads_uploaded_by_idx ON uploads (uploaded_by);
CREATE INDEX uploads_unit_idx ON uploads (unit_id);
