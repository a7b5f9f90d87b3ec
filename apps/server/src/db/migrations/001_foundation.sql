-- Foundation: units, roles, console accounts, sessions, audit log, employees and their health checks.
-- Every business table carries version (optimistic locking), created/updated times and a soft-delete mark.

CREATE TABLE units (
  id          serial PRIMARY KEY,
  parent_id   int REFERENCES units(id),
  name        text NOT NULL,
  short_name  text NOT NULL,
  sort_order  int NOT NULL DEFAULT 0,
  -- '/1/4/9/': the ids from the root down to this unit; a subtree is a prefix match.
  path        text NOT NULL DEFAULT '',
  version     int NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  deleted_at  timestamptz
);
CREATE INDEX units_path_idx ON units (path text_pattern_ops);
CREATE INDEX units_parent_idx ON units (parent_id);

CREATE TABLE roles (
  id          serial PRIMARY KEY,
  code        text NOT NULL UNIQUE,
  name        text NOT NULL,
  user_type   smallint NOT NULL CHECK (user_type BETWEEN 1 AND 4),
  menus       text[] NOT NULL DEFAULT '{}',
  buttons     text[] NOT NULL DEFAULT '{}',
  builtin     boolean NOT NULL DEFAULT false,
  version     int NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  deleted_at  timestamptz
);

CREATE TABLE employees (
  id          bigserial PRIMARY KEY,
  unit_id     int NOT NULL REFERENCES units(id),
  name        text NOT NULL,
  id_card     text NOT NULL,
  sex         smallint NOT NULL CHECK (sex IN (1, 2)),
  birthday    date NOT NULL,
  mobile      text,
  job_no      text,
  version     int NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  deleted_at  timestamptz
);
CREATE UNIQUE INDEX employees_id_card_key ON employees (id_card) WHERE deleted_at IS NULL;
CREATE INDEX employees_unit_idx ON employees (unit_id);

CREATE TABLE users (
  id                  serial PRIMARY KEY,
  username            text NOT NULL,
  password_hash       text NOT NULL,
  name                text NOT NULL,
  user_type           smallint NOT NULL CHECK (user_type BETWEEN 1 AND 4),
  role_id             int NOT NULL REFERENCES roles(id),
  -- Root of the unit subtree the account may see; NULL = the whole company.
  unit_id             int REFERENCES units(id),
  -- Regular staff accounts reach only this employee's data.
  employee_id         bigint REFERENCES employees(id),
  phone               text,
  openid              text NOT NULL,
  enabled             boolean NOT NULL DEFAULT true,
  failed_logins       int NOT NULL DEFAULT 0,
  locked_until        timestamptz,
  password_changed_at timestamptz,
  version             int NOT NULL DEFAULT 1,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  deleted_at          timestamptz
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username)) WHERE deleted_at IS NULL;

CREATE TABLE sessions (
  id            bigserial PRIMARY KEY,
  -- SHA-256 of the bearer token: a leaked table gives no usable token.
  token_hash    text NOT NULL UNIQUE,
  user_id       int NOT NULL REFERENCES users(id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz,
  ip            text,
  user_agent    text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE audit_log (
  id          bigserial PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  user_id     int,
  username    text,
  action      text NOT NULL,
  resource    text,
  record_id   text,
  before      jsonb,
  after       jsonb,
  success     boolean NOT NULL DEFAULT true,
  detail      text,
  ip          text
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC);
CREATE INDEX audit_log_resource_idx ON audit_log (resource, record_id);

CREATE TABLE health_checks (
  id            bigserial PRIMARY KEY,
  employee_id   bigint NOT NULL REFERENCES employees(id),
  check_date    date NOT NULL,
  year          smallint NOT NULL,
  provider      text,
  -- indicator code → value (INDICATORS of packages/shared); units are the indicator's.
  "values"      jsonb NOT NULL DEFAULT '{}',
  version       int NOT NULL DEFAULT 1,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  deleted_at    timestamptz
);
-- A check is identified by person and date: re-importing the same sheet creates no duplicates.
CREATE UNIQUE INDEX health_checks_person_date_key ON health_checks (employee_id, check_date) WHERE deleted_at IS NULL;
CREATE INDEX health_checks_year_idx ON health_checks (year);
