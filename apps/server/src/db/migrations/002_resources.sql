-- Declared resources of the administration screens (packages/shared/src/resources). Column names are the
-- fields' keys in snake_case; every table has id, version, created/updated times and a soft-delete mark.

ALTER TABLE roles ADD COLUMN remark text;
ALTER TABLE users ADD COLUMN avatar text;
ALTER TABLE users ADD COLUMN last_login_at timestamptz;

CREATE TABLE facilities (
  id            bigserial PRIMARY KEY,
  name          text NOT NULL,
  kind          smallint NOT NULL,
  unit_id       int NOT NULL REFERENCES units(id),
  location      text NOT NULL,
  contact_phone text,
  open_hours    text,
  status        smallint NOT NULL DEFAULT 1,
  installed_on  date,
  remark        text,
  version       int NOT NULL DEFAULT 1,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  deleted_at    timestamptz
);
CREATE INDEX facilities_unit_idx ON facilities (unit_id);

CREATE TABLE experts (
  id          bigserial PRIMARY KEY,
  name        text NOT NULL,
  sex         smallint NOT NULL,
  title       text NOT NULL,
  major       text,
  department  text,
  hospital    text,
  mobile      text NOT NULL,
  photo       text,
  enabled     boolean NOT NULL DEFAULT true,
  intro       text,
  version     int NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  deleted_at  timestamptz
);

CREATE TABLE dict_items (
  id          bigserial PRIMARY KEY,
  dict_type   text NOT NULL,
  name        text NOT NULL,
  value       text NOT NULL,
  sort_order  int NOT NULL DEFAULT 0,
  enabled     boolean NOT NULL DEFAULT true,
  remark      text,
  version     int NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  deleted_at  timestamptz
);
CREATE UNIQUE INDEX dict_items_type_value_key ON dict_items (dict_type, value) WHERE deleted_at IS NULL;

CREATE TABLE indicators (
  id             bigserial PRIMARY KEY,
  code           text NOT NULL,
  name           text NOT NULL,
  unit           text,
  category       text,
  sex            smallint NOT NULL DEFAULT 0,
  age_min        int NOT NULL DEFAULT 0,
  age_max        int NOT NULL DEFAULT 150,
  ref_low        numeric,
  ref_high       numeric,
  plausible_min  numeric NOT NULL,
  plausible_max  numeric NOT NULL,
  decimals       int NOT NULL DEFAULT 2,
  sort_order     int NOT NULL DEFAULT 0,
  enabled        boolean NOT NULL DEFAULT true,
  version        int NOT NULL DEFAULT 1,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  deleted_at     timestamptz
);
CREATE UNIQUE INDEX indicators_code_band_key ON indicators (code, sex, age_min) WHERE deleted_at IS NULL;

CREATE TABLE help_articles (
  id          bigserial PRIMARY KEY,
  title       text NOT NULL,
  category    smallint NOT NULL,
  content     text NOT NULL,
  sort_order  int NOT NULL DEFAULT 0,
  updated_by  text,
  version     int NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  deleted_at  timestamptz
);

CREATE TABLE insurance_enrolments (
  id             bigserial PRIMARY KEY,
  employee_id    bigint NOT NULL REFERENCES employees(id),
  employee_name  text NOT NULL,
  unit_id        int NOT NULL REFERENCES units(id),
  year           int NOT NULL,
  plan           smallint NOT NULL,
  premium        numeric(12, 2) NOT NULL,
  coverage       numeric(14, 2),
  start_date     date NOT NULL,
  end_date       date NOT NULL,
  status         smallint NOT NULL DEFAULT 1,
  remark         text,
  version        int NOT NULL DEFAULT 1,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  deleted_at     timestamptz
);
CREATE INDEX insurance_enrolments_unit_year_idx ON insurance_enrolments (unit_id, year);

-- Moves of employees between units: the history of /company/account/transfer.
CREATE TABLE employee_transfers (
  id              bigserial PRIMARY KEY,
  employee_id     bigint NOT NULL REFERENCES employees(id),
  from_unit_id    int NOT NULL REFERENCES units(id),
  to_unit_id      int NOT NULL REFERENCES units(id),
  reason          text NOT NULL,
  effective_date  date NOT NULL,
  created_by      int REFERENCES users(id),
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX employee_transfers_employee_idx ON employee_transfers (employee_id);
