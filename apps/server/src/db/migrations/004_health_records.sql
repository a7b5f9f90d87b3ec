-- The personal health record (SPEC §3), one per employee, kept whole as JSON with every version.

CREATE TABLE health_records (
  employee_id   bigint PRIMARY KEY REFERENCES employees(id),
  record        jsonb NOT NULL,
  -- Every required section filled (COMPLETENESS_RULES of packages/shared); kept for the progress page.
  complete      boolean NOT NULL DEFAULT false,
  missing       text[] NOT NULL DEFAULT '{}',
  version       int NOT NULL DEFAULT 1,
  created_by    int REFERENCES users(id),
  updated_by    int REFERENCES users(id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX health_records_complete_idx ON health_records (complete);

CREATE TABLE health_record_versions (
  id             bigserial PRIMARY KEY,
  employee_id    bigint NOT NULL REFERENCES employees(id),
  version        int NOT NULL,
  record         jsonb NOT NULL,
  -- Dotted paths of the values that changed against the previous version ('*' for the first).
  changed_paths  text[] NOT NULL DEFAULT '{}',
  form_type      text,
  changed_by     int REFERENCES users(id),
  changed_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (employee_id, version)
);

-- The staff member responsible for an employee's record (/main/phr/transfer).
ALTER TABLE employees ADD COLUMN responsible_user_id int REFERENCES users(id);

CREATE TABLE phr_transfers (
  id             bigserial PRIMARY KEY,
  employee_id    bigint NOT NULL REFERENCES employees(id),
  from_unit_id   int NOT NULL REFERENCES units(id),
  to_unit_id     int NOT NULL REFERENCES units(id),
  from_user_id   int REFERENCES users(id),
  to_user_id     int REFERENCES users(id),
  reason         text NOT NULL,
  created_by     int REFERENCES users(id),
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX phr_transfers_employee_idx ON phr_transfers (employee_id);
