-- Per-unit rollups of the company dashboard: for each unit (an employee's own unit) and year, counts by
-- metric, age band and sex. Metrics: flag:<abnormality> people tagged abnormal, done:<abnormality> of those
-- whose management task of that library is completed, risk:<level> people per risk level,
-- row:<id> checks meeting indicator-table row <id> (by band and sex), pkg:<level> / pkgDone:<level>
-- service contracts and completed ones. Rows with n = 0 are not kept.
CREATE TABLE dashboard_rollups (
  unit_id   int NOT NULL,
  year      smallint NOT NULL,
  metric    text NOT NULL,
  band      text NOT NULL DEFAULT '',
  sex       smallint NOT NULL DEFAULT 0,
  n         int NOT NULL,
  PRIMARY KEY (year, unit_id, metric, band, sex)
);

-- Unit-years whose rollups are out of date. Writers only append (never update a shared row, so they never
-- wait on each other); the refresh recomputes the unit-years it read and deletes exactly the marks it read.
CREATE TABLE rollup_marks (
  id        bigserial PRIMARY KEY,
  unit_id   int NOT NULL,
  year      smallint NOT NULL
);

-- Tables with (employee_id, year): health_checks, person_tags, service_contracts. Statement-level, so a
-- bulk import adds one mark per unit-year of each statement, not one per row.
CREATE FUNCTION rollup_mark_employee_years() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO rollup_marks (unit_id, year)
      SELECT DISTINCT e.unit_id, n.year FROM new_rows n JOIN employees e ON e.id = n.employee_id;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO rollup_marks (unit_id, year)
      SELECT DISTINCT e.unit_id, x.year
        FROM (SELECT employee_id, year FROM new_rows UNION SELECT employee_id, year FROM old_rows) x
        JOIN employees e ON e.id = x.employee_id;
  ELSE
    INSERT INTO rollup_marks (unit_id, year)
      SELECT DISTINCT e.unit_id, o.year FROM old_rows o JOIN employees e ON e.id = o.employee_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER health_checks_rollup_insert AFTER INSERT ON health_checks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_mark_employee_years();
CREATE TRIGGER health_checks_rollup_update AFTER UPDATE ON health_checks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_mark_employee_years();
CREATE TRIGGER health_checks_rollup_delete AFTER DELETE ON health_checks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_mark_employee_years();

CREATE TRIGGER person_tags_rollup_insert AFTER INSERT ON person_tags
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_mark_employee_years();
CREATE TRIGGER person_tags_rollup_update AFTER UPDATE ON person_tags
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_mark_employee_years();
CREATE TRIGGER person_tags_rollup_delete AFTER DELETE ON person_tags
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_mark_employee_years();

CREATE TRIGGER service_contracts_rollup_insert AFTER INSERT ON service_contracts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_mark_employee_years();
CREATE TRIGGER service_contracts_rollup_update AFTER UPDATE ON service_contracts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_mark_employee_years();
CREATE TRIGGER service_contracts_rollup_delete AFTER DELETE ON service_contracts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_mark_employee_years();

-- Tasks count through their finding's year (a completed task makes its person "done").
CREATE FUNCTION rollup_mark_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO rollup_marks (unit_id, year)
      SELECT DISTINCT e.unit_id, f.year FROM new_rows n
        JOIN positive_findings f ON f.id = n.finding_id JOIN employees e ON e.id = n.employee_id;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO rollup_marks (unit_id, year)
      SELECT DISTINCT e.unit_id, f.year
        FROM (SELECT employee_id, finding_id FROM new_rows UNION SELECT employee_id, finding_id FROM old_rows) x
        JOIN positive_findings f ON f.id = x.finding_id JOIN employees e ON e.id = x.employee_id;
  ELSE
    INSERT INTO rollup_marks (unit_id, year)
      SELECT DISTINCT e.unit_id, f.year FROM old_rows o
        JOIN positive_findings f ON f.id = o.finding_id JOIN employees e ON e.id = o.employee_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER positive_tasks_rollup_insert AFTER INSERT ON positive_tasks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_mark_tasks();
CREATE TRIGGER positive_tasks_rollup_update AFTER UPDATE ON positive_tasks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_mark_tasks();
CREATE TRIGGER positive_tasks_rollup_delete AFTER DELETE ON positive_tasks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_mark_tasks();

-- A rule moved to another library changes which completed tasks count for which indicator.
CREATE FUNCTION rollup_mark_rules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_marks (unit_id, year)
    SELECT DISTINCT e.unit_id, f.year
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN positive_findings f ON f.rule_id = n.id
      JOIN positive_tasks pt ON pt.finding_id = f.id AND pt.status = 3
      JOIN employees e ON e.id = f.employee_id
     WHERE n.library_name IS DISTINCT FROM o.library_name;
  RETURN NULL;
END $$;

CREATE TRIGGER positive_rules_rollup_update AFTER UPDATE ON positive_rules
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_mark_rules();

-- An employee who moves unit, is deleted or restored, or whose sex or birthday changes: every year of
-- theirs in the old and the new unit.
CREATE FUNCTION rollup_mark_employee() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_marks (unit_id, year)
    SELECT u.unit_id, y.year
      FROM (SELECT year FROM health_checks WHERE employee_id = NEW.id
            UNION SELECT year FROM person_tags WHERE employee_id = NEW.id
            UNION SELECT year FROM service_contracts WHERE employee_id = NEW.id) y
      CROSS JOIN (SELECT DISTINCT unnest(ARRAY[OLD.unit_id, NEW.unit_id]) AS unit_id) u;
  RETURN NULL;
END $$;

CREATE TRIGGER employees_rollup AFTER UPDATE OF unit_id, deleted_at, sex, birthday ON employees
  FOR EACH ROW
  WHEN (OLD.unit_id IS DISTINCT FROM NEW.unit_id OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
        OR OLD.sex IS DISTINCT FROM NEW.sex OR OLD.birthday IS DISTINCT FROM NEW.birthday)
  EXECUTE FUNCTION rollup_mark_employee();

-- A database that already holds data: every unit-year it has is out of date.
INSERT INTO rollup_marks (unit_id, year)
  SELECT DISTINCT e.unit_id, x.year
    FROM (SELECT employee_id, year FROM health_checks UNION SELECT employee_id, year FROM person_tags
          UNION SELECT employee_id, year FROM service_contracts) x
    JOIN employees e ON e.id = x.employee_id;
