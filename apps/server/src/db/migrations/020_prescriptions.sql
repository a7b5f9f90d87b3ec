-- 膳食处方 and 运动处方 (issue 12): a prescription derived from a person's own data (record, latest check, grouping
-- tags, findings), reviewed and issued by staff, read at the next check. status: 1 草稿 2 已开具 3 执行中 4 已完成
-- 5 已作废 (PRESCRIPTION_STATUSES). What the generator used (inputs) and decided (energy, plan, adjustments) is
-- kept on the row, and the cookbook's plan is snapshotted, so a later catalogue edit does not change a prescription.
CREATE TABLE diet_prescriptions (
  id              bigserial PRIMARY KEY,
  employee_id     bigint NOT NULL REFERENCES employees(id),
  status          smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 5),
  check_id        bigint REFERENCES health_checks(id),
  check_date      date,
  inputs          jsonb NOT NULL DEFAULT '{}',
  activity_level  smallint NOT NULL CHECK (activity_level BETWEEN 1 AND 4),
  constitution    smallint CHECK (constitution BETWEEN 1 AND 9),
  height          numeric(5, 1) NOT NULL,
  weight          numeric(5, 1) NOT NULL,
  bmi             numeric(4, 1) NOT NULL,
  ideal_weight    numeric(5, 1) NOT NULL,
  body_type       smallint NOT NULL,
  kcal_per_kg     smallint NOT NULL,
  target_kcal     int NOT NULL CHECK (target_kcal BETWEEN 500 AND 6000),
  bmr             numeric(7, 2) NOT NULL,
  pal             numeric(3, 1) NOT NULL,
  tee             int NOT NULL,
  deficit         int,
  cookbook_id     bigint,
  plan            jsonb,
  principle_ids   jsonb NOT NULL DEFAULT '[]',
  tcm_ids         jsonb NOT NULL DEFAULT '[]',
  targets         jsonb NOT NULL DEFAULT '[]',
  adjustments     jsonb NOT NULL DEFAULT '[]',
  advice          text,
  start_date      date,
  end_date        date,
  issued_at       timestamptz,
  issued_by       int REFERENCES users(id),
  outcome         text,
  void_reason     text,
  created_by      int REFERENCES users(id),
  version         int NOT NULL DEFAULT 1,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  deleted_at      timestamptz,
  CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date)
);

CREATE TABLE fitness_prescriptions (
  id               bigserial PRIMARY KEY,
  employee_id      bigint NOT NULL REFERENCES employees(id),
  status           smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 5),
  check_id         bigint REFERENCES health_checks(id),
  check_date       date,
  inputs           jsonb NOT NULL DEFAULT '{}',
  refer_first      boolean NOT NULL DEFAULT false,
  max_intensity    smallint CHECK (max_intensity BETWEEN 1 AND 3),
  china_par        numeric(5, 2),
  template_id      bigint,
  template_name    text,
  clearance_note   text,
  targets          jsonb NOT NULL DEFAULT '[]',
  adjustments      jsonb NOT NULL DEFAULT '[]',
  advice           text,
  start_date       date,
  end_date         date,
  issued_at        timestamptz,
  issued_by        int REFERENCES users(id),
  outcome          text,
  void_reason      text,
  created_by       int REFERENCES users(id),
  version          int NOT NULL DEFAULT 1,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  deleted_at       timestamptz,
  CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date)
);

-- The weekly plan's lines (a child collection, edited in 草稿). Name and MET are the item's when the line was
-- last saved: an issued plan keeps its numbers when the catalogue changes.
CREATE TABLE fitness_prescription_items (
  id                 bigserial PRIMARY KEY,
  prescription_id    bigint NOT NULL REFERENCES fitness_prescriptions(id) ON DELETE CASCADE,
  position           int NOT NULL,
  item_id            bigint NOT NULL,
  item_name          text,
  met                numeric(4, 1),
  minutes            int NOT NULL CHECK (minutes BETWEEN 1 AND 300),
  sessions_per_week  int NOT NULL CHECK (sessions_per_week BETWEEN 1 AND 14)
);
CREATE INDEX fitness_prescription_items_parent_idx ON fitness_prescription_items (prescription_id);

-- A line saved with a new item takes the item's name and MET (the generator writes its own; an edit of minutes
-- or sessions keeps the line's).
CREATE FUNCTION fitness_prescription_item_snapshot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.item_name IS NOT NULL AND NEW.met IS NOT NULL THEN RETURN NEW; END IF;
  IF TG_OP = 'UPDATE' AND NEW.item_id = OLD.item_id THEN RETURN NEW; END IF;
  SELECT i.name, i.met_value INTO NEW.item_name, NEW.met FROM fitness_items i WHERE i.id = NEW.item_id;
  RETURN NEW;
END $$;
CREATE TRIGGER fitness_prescription_items_snapshot BEFORE INSERT OR UPDATE ON fitness_prescription_items
  FOR EACH ROW EXECUTE FUNCTION fitness_prescription_item_snapshot();

-- One open prescription (草稿, 已开具, 执行中) of a kind per person: generation (one or in bulk) relies on it.
CREATE UNIQUE INDEX diet_prescriptions_open_key ON diet_prescriptions (employee_id)
  WHERE status IN (1, 2, 3) AND deleted_at IS NULL;
CREATE UNIQUE INDEX fitness_prescriptions_open_key ON fitness_prescriptions (employee_id)
  WHERE status IN (1, 2, 3) AND deleted_at IS NULL;
-- Lists: default order status then newest (id DESC); a person's prescriptions; the effect reads by issue date.
CREATE INDEX diet_prescriptions_list_idx ON diet_prescriptions (status, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX fitness_prescriptions_list_idx ON fitness_prescriptions (status, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX diet_prescriptions_employee_idx ON diet_prescriptions (employee_id);
CREATE INDEX fitness_prescriptions_employee_idx ON fitness_prescriptions (employee_id);
CREATE INDEX diet_prescriptions_issued_idx ON diet_prescriptions (issued_at) WHERE issued_at IS NOT NULL;
CREATE INDEX fitness_prescriptions_issued_idx ON fitness_prescriptions (issued_at) WHERE issued_at IS NOT NULL;

-- What happened to a prescription (生成, 修改, 开具, 开始执行, 完成, 作废), shown on its detail; kind 'diet' | 'fitness'.
CREATE TABLE prescription_logs (
  id               bigserial PRIMARY KEY,
  kind             text NOT NULL CHECK (kind IN ('diet', 'fitness')),
  prescription_id  bigint NOT NULL,
  action           text NOT NULL,
  note             text,
  user_id          int REFERENCES users(id),
  at               timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX prescription_logs_record_idx ON prescription_logs (kind, prescription_id, id);

-- Bulk generation (POST /api/prescriptions/generate-jobs): a background job claimed by one instance (JobRunner).
CREATE TABLE prescription_jobs (
  id           bigserial PRIMARY KEY,
  reason       text NOT NULL,
  status       text NOT NULL DEFAULT 'queued',
  total        int NOT NULL DEFAULT 0,
  done         int NOT NULL DEFAULT 0,
  created      int NOT NULL DEFAULT 0,
  skipped      int NOT NULL DEFAULT 0,
  error        text,
  user_id      int REFERENCES users(id),
  started_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz,
  claimed_by   text,
  lease_until  timestamptz,
  attempts     int NOT NULL DEFAULT 0
);
CREATE INDEX prescription_jobs_open_idx ON prescription_jobs (id) WHERE status IN ('queued', 'running');

-- The employee account reads its own issued prescriptions (menus of the built-in employee role, as DEFAULT_ROLES).
UPDATE roles SET menus = menus || ARRAY['main:diet/task', 'main:fitness/task']
 WHERE builtin AND code = 'employee' AND NOT ('main:diet/task' = ANY (menus));
