-- 工作台 项目甘特图 (issue 11 item 1): the planned dates of each task of a year's health-management plan, set by
-- an account with the workPlan:edit permission (工作台 → 编辑); the actual dates come from the rows themselves.
CREATE TABLE work_plan (
  year           smallint NOT NULL,
  task_key       text NOT NULL,
  planned_start  date NOT NULL,
  planned_end    date NOT NULL,
  updated_by     int REFERENCES users(id),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (year, task_key),
  CHECK (planned_end >= planned_start)
);

-- The Gantt's actual dates are each task's first and last activity of the year: one short index walk per end.
CREATE INDEX health_records_created_idx ON health_records (created_at);
CREATE INDEX health_records_updated_idx ON health_records (updated_at);
CREATE INDEX health_checks_created_idx ON health_checks (created_at);
CREATE INDEX positive_logs_created_idx ON positive_logs (created_at);
CREATE INDEX follow_up_records_created_idx ON follow_up_records (created_at);
CREATE INDEX import_runs_started_idx ON import_runs (started_at);
CREATE INDEX audit_log_export_idx ON audit_log (at) WHERE action = 'export';

-- 高危指标统计 counts the people whose checks fall in a date range by each abnormality's definition. Evaluating
-- the definitions over a year of checks per call (≈95,000 at 100,000 employees) is far too slow, so each live
-- check's abnormalities are kept here as bits (1 bp, 2 lipid, 4 glucose, 8 ua, 16 weight) with the person's
-- unit for the scope. The workbench refreshes the rows of marked people before it counts (modules/dashboard/
-- workbench.ts computes the bits from criteria.ts, the one definition).
CREATE TABLE check_flags (
  check_id     bigint PRIMARY KEY,
  employee_id  bigint NOT NULL,
  unit_id      int NOT NULL,
  check_date   date NOT NULL,
  flags        smallint NOT NULL
);
CREATE INDEX check_flags_date_idx ON check_flags (check_date);
CREATE INDEX check_flags_employee_idx ON check_flags (employee_id);

-- People whose check_flags are out of date; a NULL employee means every check (a new definition, or this
-- migration on a database that already has checks). Writers only append; the refresh deletes what it read.
CREATE TABLE check_flag_marks (
  id           bigserial PRIMARY KEY,
  employee_id  bigint
);
INSERT INTO check_flag_marks (employee_id) VALUES (NULL);

-- Statement-level: an import marks each person of the statement once.
CREATE FUNCTION check_flags_mark_checks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO check_flag_marks (employee_id) SELECT DISTINCT employee_id FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO check_flag_marks (employee_id)
      SELECT employee_id FROM new_rows UNION SELECT employee_id FROM old_rows;
  ELSE
    INSERT INTO check_flag_marks (employee_id) SELECT DISTINCT employee_id FROM old_rows;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER health_checks_flags_insert AFTER INSERT ON health_checks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION check_flags_mark_checks();
CREATE TRIGGER health_checks_flags_update AFTER UPDATE ON health_checks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION check_flags_mark_checks();
CREATE TRIGGER health_checks_flags_delete AFTER DELETE ON health_checks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION check_flags_mark_checks();

-- A person's sex (uric acid's bound), unit (the scope) or deletion changes their checks' rows.
CREATE FUNCTION check_flags_mark_employees() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO check_flag_marks (employee_id)
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE n.sex IS DISTINCT FROM o.sex OR n.unit_id IS DISTINCT FROM o.unit_id
        OR n.deleted_at IS DISTINCT FROM o.deleted_at;
  RETURN NULL;
END $$;
CREATE TRIGGER employees_flags_update AFTER UPDATE ON employees
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION check_flags_mark_employees();

-- Existing databases: the built-in administrator and staff roles get the new permission, as a new database's
-- seeded roles do (DEFAULT_ROLES). A role an administrator has edited keeps whatever else it holds.
UPDATE roles SET buttons = array_append(buttons, 'workPlan:edit')
 WHERE builtin AND code IN ('companyAdmin', 'healthStaff') AND NOT ('workPlan:edit' = ANY (buttons));

-- TRUNCATE (the demo's --reset) fires no row or statement UPDATE/DELETE triggers: start again from nothing.
CREATE FUNCTION check_flags_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM check_flags;
  INSERT INTO check_flag_marks (employee_id) VALUES (NULL);
  RETURN NULL;
END $$;
CREATE TRIGGER health_checks_flags_truncate AFTER TRUNCATE ON health_checks
  FOR EACH STATEMENT EXECUTE FUNCTION check_flags_reset();
