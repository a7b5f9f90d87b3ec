-- The work lists at 100,000 employees (npm run bench, BENCH_ONLY=lists): an index matching each list's
-- ORDER BY, so a page (even OFFSET 10,000) is a walk along it and not a sort of the whole table, and the
-- count reads a narrow index of the base table (lib/paging.ts).

-- 员工账户 (unit, newest first) and the record list's count per unit and page within its units.
CREATE INDEX employees_live_unit_idx ON employees (unit_id, id DESC) WHERE deleted_at IS NULL;

-- 体检数据: newest check first.
CREATE INDEX health_checks_list_idx ON health_checks (check_date DESC, id DESC) WHERE deleted_at IS NULL;

-- 新增阳性: one status (待确认 by default), higher level first, newest first; the year filter keeps
-- positive_findings_status_idx (status, year).
CREATE INDEX positive_findings_list_idx ON positive_findings (status, level DESC, id DESC);

-- 阳性任务 and 随访计划: by status, due date, id. They replace the (status, date) indexes they extend.
CREATE INDEX positive_tasks_list_idx ON positive_tasks (status, due_date, id);
DROP INDEX positive_tasks_status_idx;
CREATE INDEX follow_up_plans_list_idx ON follow_up_plans (status, next_date, id);
DROP INDEX follow_up_plans_next_idx;

-- 随访记录: latest visit first.
CREATE INDEX follow_up_records_list_idx ON follow_up_records (follow_date DESC, id DESC);

-- 健康服务包: one year, by status, higher level first, id.
CREATE INDEX service_contracts_list_idx ON service_contracts (year, status, level DESC, id);

-- 操作日志: newest first within an account (a unit administrator sees the accounts of their units) and
-- within an action.
CREATE INDEX audit_log_user_idx ON audit_log (user_id, id);
CREATE INDEX audit_log_action_idx ON audit_log (action, id);

-- Maintained counts of the work lists: an exact COUNT(*) of a list at 100,000 employees reads hundreds of
-- thousands of rows (seconds on PGlite). Per list, the unit of the row's employee (for the audit log: the
-- account) and the list's usual filter keys (k1, k2: status, year …), the number of rows. Writers append
-- deltas from statement-level triggers (a bulk import adds one row per unit and key, and writers never
-- update a shared row, so they never wait on each other); a list's count sums the rows of the units in
-- scope, and folds them into one row per unit and key when there are many (lib/list-counts.ts).
--   employees  live employees (档案列表, 员工账户)
--   checks     live checks of live employees, k1 year (体检数据)
--   findings   k1 status, k2 year (新增阳性)       tasks      k1 status (阳性任务)
--   plans      k1 status (随访计划)                 follow-ups (随访记录)
--   contracts  k1 year, k2 status (健康服务包)      audit      by account (操作日志)
-- Findings, tasks, follow-ups and contracts count the rows of deleted employees too, as their lists do.
CREATE TABLE list_counts (
  list     text NOT NULL,
  unit_id  bigint NOT NULL,
  k1       int NOT NULL DEFAULT 0,
  k2       int NOT NULL DEFAULT 0,
  n        bigint NOT NULL
);
CREATE INDEX list_counts_list_idx ON list_counts (list, unit_id, k1, k2);

-- Rows of a table with employee_id: TG_ARGV = list, k1 and k2 expressions, the row's condition, and
-- whether the employee must be live.
CREATE FUNCTION list_counts_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  part text := format('SELECT employee_id, %s AS k1, %s AS k2, %%s AS d FROM %%I WHERE %s',
                      TG_ARGV[1], TG_ARGV[2], TG_ARGV[3]);
  src text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    src := format(part, '1', 'new_rows');
  ELSIF TG_OP = 'DELETE' THEN
    src := format(part, '-1', 'old_rows');
  ELSE
    src := format(part, '1', 'new_rows') || ' UNION ALL ' || format(part, '-1', 'old_rows');
  END IF;
  EXECUTE format(
    'INSERT INTO list_counts (list, unit_id, k1, k2, n)
     SELECT %L, e.unit_id, x.k1, x.k2, sum(x.d) FROM (%s) x JOIN employees e ON e.id = x.employee_id
      WHERE %s GROUP BY e.unit_id, x.k1, x.k2 HAVING sum(x.d) <> 0',
    TG_ARGV[0], src, CASE WHEN TG_ARGV[4] = 'live' THEN 'e.deleted_at IS NULL' ELSE 'TRUE' END);
  RETURN NULL;
END $$;

CREATE TRIGGER health_checks_list_counts_insert AFTER INSERT ON health_checks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_rows('checks', 'year', '0', 'deleted_at IS NULL', 'live');
CREATE TRIGGER health_checks_list_counts_update AFTER UPDATE ON health_checks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_rows('checks', 'year', '0', 'deleted_at IS NULL', 'live');
CREATE TRIGGER health_checks_list_counts_delete AFTER DELETE ON health_checks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_rows('checks', 'year', '0', 'deleted_at IS NULL', 'live');

CREATE TRIGGER positive_findings_list_counts_insert AFTER INSERT ON positive_findings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_rows('findings', 'status', 'year', 'TRUE', 'any');
CREATE TRIGGER positive_findings_list_counts_update AFTER UPDATE ON positive_findings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_rows('findings', 'status', 'year', 'TRUE', 'any');
CREATE TRIGGER positive_findings_list_counts_delete AFTER DELETE ON positive_findings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_rows('findings', 'status', 'year', 'TRUE', 'any');

CREATE TRIGGER positive_tasks_list_counts_insert AFTER INSERT ON positive_tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_rows('tasks', 'status', '0', 'TRUE', 'any');
CREATE TRIGGER positive_tasks_list_counts_update AFTER UPDATE ON positive_tasks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_rows('tasks', 'status', '0', 'TRUE', 'any');
CREATE TRIGGER positive_tasks_list_counts_delete AFTER DELETE ON positive_tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_rows('tasks', 'status', '0', 'TRUE', 'any');

CREATE TRIGGER follow_up_plans_list_counts_insert AFTER INSERT ON follow_up_plans REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_rows('plans', 'status', '0', 'TRUE', 'any');
CREATE TRIGGER follow_up_plans_list_counts_update AFTER UPDATE ON follow_up_plans
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_rows('plans', 'status', '0', 'TRUE', 'any');
CREATE TRIGGER follow_up_plans_list_counts_delete AFTER DELETE ON follow_up_plans REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_rows('plans', 'status', '0', 'TRUE', 'any');

CREATE TRIGGER follow_up_records_list_counts_insert AFTER INSERT ON follow_up_records REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_rows('follow-ups', '0', '0', 'TRUE', 'any');
CREATE TRIGGER follow_up_records_list_counts_update AFTER UPDATE ON follow_up_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_rows('follow-ups', '0', '0', 'TRUE', 'any');
CREATE TRIGGER follow_up_records_list_counts_delete AFTER DELETE ON follow_up_records REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_rows('follow-ups', '0', '0', 'TRUE', 'any');

CREATE TRIGGER service_contracts_list_counts_insert AFTER INSERT ON service_contracts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_rows('contracts', 'year', 'status', 'TRUE', 'any');
CREATE TRIGGER service_contracts_list_counts_update AFTER UPDATE ON service_contracts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_rows('contracts', 'year', 'status', 'TRUE', 'any');
CREATE TRIGGER service_contracts_list_counts_delete AFTER DELETE ON service_contracts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_rows('contracts', 'year', 'status', 'TRUE', 'any');

-- Employees: new ones (per statement); one that moves unit, or is deleted or restored, takes its rows'
-- counts from the old unit to the new one (per row: rare, and the demo seed inserts 100,000 at once).
CREATE FUNCTION list_counts_new_employees() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_counts (list, unit_id, n)
    SELECT 'employees', unit_id, count(*) FROM new_rows WHERE deleted_at IS NULL GROUP BY unit_id;
  RETURN NULL;
END $$;
CREATE TRIGGER employees_list_counts_insert AFTER INSERT ON employees REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_new_employees();

CREATE FUNCTION list_counts_employee() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  side record;
BEGIN
  FOR side IN SELECT * FROM (VALUES (OLD.unit_id, OLD.deleted_at IS NULL, -1), (NEW.unit_id, NEW.deleted_at IS NULL, 1))
                AS s(unit_id, live, d) LOOP
    IF side.live THEN
      INSERT INTO list_counts (list, unit_id, n) VALUES ('employees', side.unit_id, side.d);
      INSERT INTO list_counts (list, unit_id, k1, n)
        SELECT 'checks', side.unit_id, year, side.d * count(*) FROM health_checks
         WHERE employee_id = NEW.id AND deleted_at IS NULL GROUP BY year;
    END IF;
    IF OLD.unit_id <> NEW.unit_id THEN
      INSERT INTO list_counts (list, unit_id, k1, k2, n)
        SELECT 'findings', side.unit_id, status, year, side.d * count(*) FROM positive_findings
         WHERE employee_id = NEW.id GROUP BY status, year
        UNION ALL
        SELECT 'tasks', side.unit_id, status, 0, side.d * count(*) FROM positive_tasks
         WHERE employee_id = NEW.id GROUP BY status
        UNION ALL
        SELECT 'plans', side.unit_id, status, 0, side.d * count(*) FROM follow_up_plans
         WHERE employee_id = NEW.id GROUP BY status
        UNION ALL
        SELECT 'follow-ups', side.unit_id, 0, 0, side.d * count(*) FROM follow_up_records
         WHERE employee_id = NEW.id HAVING count(*) > 0
        UNION ALL
        SELECT 'contracts', side.unit_id, year, status, side.d * count(*) FROM service_contracts
         WHERE employee_id = NEW.id GROUP BY year, status;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER employees_list_counts_update AFTER UPDATE OF unit_id, deleted_at ON employees FOR EACH ROW
  WHEN (OLD.unit_id IS DISTINCT FROM NEW.unit_id OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION list_counts_employee();

-- The audit log only grows; its count is kept per account (0: no account).
CREATE FUNCTION list_counts_audit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_counts (list, unit_id, n)
    SELECT 'audit', coalesce(user_id, 0), count(*) FROM new_rows GROUP BY coalesce(user_id, 0);
  RETURN NULL;
END $$;
CREATE TRIGGER audit_log_list_counts_insert AFTER INSERT ON audit_log REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_audit();

-- TRUNCATE (the demo's --reset) fires no row triggers: the lists of an emptied table start again at zero.
CREATE FUNCTION list_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_counts WHERE list = ANY(TG_ARGV);
  RETURN NULL;
END $$;
CREATE TRIGGER employees_list_counts_truncate AFTER TRUNCATE ON employees FOR EACH STATEMENT
  EXECUTE FUNCTION list_counts_truncate('employees', 'checks', 'findings', 'tasks', 'plans', 'follow-ups', 'contracts');
CREATE TRIGGER health_checks_list_counts_truncate AFTER TRUNCATE ON health_checks FOR EACH STATEMENT
  EXECUTE FUNCTION list_counts_truncate('checks', 'findings', 'tasks', 'plans', 'follow-ups');
CREATE TRIGGER positive_findings_list_counts_truncate AFTER TRUNCATE ON positive_findings FOR EACH STATEMENT
  EXECUTE FUNCTION list_counts_truncate('findings', 'tasks', 'plans', 'follow-ups');
CREATE TRIGGER positive_tasks_list_counts_truncate AFTER TRUNCATE ON positive_tasks FOR EACH STATEMENT
  EXECUTE FUNCTION list_counts_truncate('tasks');
CREATE TRIGGER follow_up_plans_list_counts_truncate AFTER TRUNCATE ON follow_up_plans FOR EACH STATEMENT
  EXECUTE FUNCTION list_counts_truncate('plans', 'follow-ups');
CREATE TRIGGER follow_up_records_list_counts_truncate AFTER TRUNCATE ON follow_up_records FOR EACH STATEMENT
  EXECUTE FUNCTION list_counts_truncate('follow-ups');
CREATE TRIGGER service_contracts_list_counts_truncate AFTER TRUNCATE ON service_contracts FOR EACH STATEMENT
  EXECUTE FUNCTION list_counts_truncate('contracts');
CREATE TRIGGER audit_log_list_counts_truncate AFTER TRUNCATE ON audit_log FOR EACH STATEMENT
  EXECUTE FUNCTION list_counts_truncate('audit');

-- A database that already holds data.
INSERT INTO list_counts (list, unit_id, n)
  SELECT 'employees', unit_id, count(*) FROM employees WHERE deleted_at IS NULL GROUP BY unit_id;
INSERT INTO list_counts (list, unit_id, k1, n)
  SELECT 'checks', e.unit_id, c.year, count(*) FROM health_checks c JOIN employees e ON e.id = c.employee_id
   WHERE c.deleted_at IS NULL AND e.deleted_at IS NULL GROUP BY e.unit_id, c.year;
INSERT INTO list_counts (list, unit_id, k1, k2, n)
  SELECT 'findings', e.unit_id, f.status, f.year, count(*) FROM positive_findings f
    JOIN employees e ON e.id = f.employee_id GROUP BY e.unit_id, f.status, f.year;
INSERT INTO list_counts (list, unit_id, k1, n)
  SELECT 'tasks', e.unit_id, t.status, count(*) FROM positive_tasks t
    JOIN employees e ON e.id = t.employee_id GROUP BY e.unit_id, t.status;
INSERT INTO list_counts (list, unit_id, k1, n)
  SELECT 'plans', e.unit_id, p.status, count(*) FROM follow_up_plans p
    JOIN employees e ON e.id = p.employee_id GROUP BY e.unit_id, p.status;
INSERT INTO list_counts (list, unit_id, n)
  SELECT 'follow-ups', e.unit_id, count(*) FROM follow_up_records r
    JOIN employees e ON e.id = r.employee_id GROUP BY e.unit_id;
INSERT INTO list_counts (list, unit_id, k1, k2, n)
  SELECT 'contracts', e.unit_id, s.year, s.status, count(*) FROM service_contracts s
    JOIN employees e ON e.id = s.employee_id GROUP BY e.unit_id, s.year, s.status;
INSERT INTO list_counts (list, unit_id, n)
  SELECT 'audit', coalesce(user_id, 0), count(*) FROM audit_log GROUP BY coalesce(user_id, 0);
