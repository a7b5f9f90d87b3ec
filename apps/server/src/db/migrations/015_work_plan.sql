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

-- 高危指标统计 counts the people whose checks fall in a date range.
CREATE INDEX health_checks_date_idx ON health_checks (check_date) WHERE deleted_at IS NULL;

-- Existing databases: the built-in administrator and staff roles get the new permission, as a new database's
-- seeded roles do (DEFAULT_ROLES). A role an administrator has edited keeps whatever else it holds.
UPDATE roles SET buttons = array_append(buttons, 'workPlan:edit')
 WHERE builtin AND code IN ('companyAdmin', 'healthStaff') AND NOT ('workPlan:edit' = ANY (buttons));
