-- Positive-finding rules, findings and their work: tasks, logs, follow-ups, grouping tags, service contracts.

CREATE TABLE positive_rules (
  id            bigserial PRIMARY KEY,
  names         text NOT NULL,
  gender        smallint NOT NULL DEFAULT 0,
  age_min       int NOT NULL DEFAULT 0,
  age_max       int NOT NULL DEFAULT 150,
  library_name  text NOT NULL,
  levels        smallint NOT NULL DEFAULT 1,
  judge         text NOT NULL,
  enabled       boolean NOT NULL DEFAULT true,
  remark        text,
  version       int NOT NULL DEFAULT 1,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  deleted_at    timestamptz
);

-- One finding per check and rule. status: 0 待确认, 1 已确认, 2 已排除.
CREATE TABLE positive_findings (
  id            bigserial PRIMARY KEY,
  employee_id   bigint NOT NULL REFERENCES employees(id),
  check_id      bigint NOT NULL REFERENCES health_checks(id),
  rule_id       bigint NOT NULL REFERENCES positive_rules(id),
  year          smallint NOT NULL,
  level         smallint NOT NULL,
  matched       jsonb NOT NULL DEFAULT '{}',
  status        smallint NOT NULL DEFAULT 0,
  handled_by    int REFERENCES users(id),
  handled_at    timestamptz,
  note          text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (check_id, rule_id)
);
CREATE INDEX positive_findings_status_idx ON positive_findings (status, year);
CREATE INDEX positive_findings_employee_idx ON positive_findings (employee_id);
CREATE INDEX positive_findings_rule_idx ON positive_findings (rule_id);

-- status: 1 待处理, 2 处理中, 3 已完成, 4 已关闭.
CREATE TABLE positive_tasks (
  id            bigserial PRIMARY KEY,
  finding_id    bigint NOT NULL UNIQUE REFERENCES positive_findings(id),
  employee_id   bigint NOT NULL REFERENCES employees(id),
  assignee_id   int REFERENCES users(id),
  due_date      date NOT NULL,
  status        smallint NOT NULL DEFAULT 1,
  completed_at  timestamptz,
  version       int NOT NULL DEFAULT 1,
  created_by    int REFERENCES users(id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX positive_tasks_status_idx ON positive_tasks (status, due_date);
CREATE INDEX positive_tasks_assignee_idx ON positive_tasks (assignee_id);

CREATE TABLE positive_logs (
  id            bigserial PRIMARY KEY,
  finding_id    bigint NOT NULL REFERENCES positive_findings(id),
  task_id       bigint REFERENCES positive_tasks(id),
  employee_id   bigint NOT NULL REFERENCES employees(id),
  action        text NOT NULL,
  note          text,
  created_by    int REFERENCES users(id),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX positive_logs_task_idx ON positive_logs (task_id);

-- Grouping tags per person and year, from the year's latest check and the record.
CREATE TABLE person_tags (
  employee_id   bigint NOT NULL REFERENCES employees(id),
  year          smallint NOT NULL,
  check_id      bigint NOT NULL REFERENCES health_checks(id),
  risk_level    text NOT NULL,
  bp            smallint NOT NULL DEFAULT 0,
  lipid         smallint NOT NULL DEFAULT 0,
  glucose       smallint NOT NULL DEFAULT 0,
  ua            smallint NOT NULL DEFAULT 0,
  weight        smallint NOT NULL DEFAULT 0,
  diseases      text[] NOT NULL DEFAULT '{}',
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (employee_id, year)
);
CREATE INDEX person_tags_year_risk_idx ON person_tags (year, risk_level);

-- method: 1 电话, 2 上门, 3 微信, 4 门诊; status: 1 进行中, 2 已结束.
CREATE TABLE follow_up_plans (
  id              bigserial PRIMARY KEY,
  employee_id     bigint NOT NULL REFERENCES employees(id),
  finding_id      bigint REFERENCES positive_findings(id),
  title           text NOT NULL,
  method          smallint NOT NULL,
  frequency_days  int NOT NULL,
  next_date       date NOT NULL,
  end_date        date,
  assignee_id     int REFERENCES users(id),
  status          smallint NOT NULL DEFAULT 1,
  note            text,
  version         int NOT NULL DEFAULT 1,
  created_by      int REFERENCES users(id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX follow_up_plans_next_idx ON follow_up_plans (status, next_date);

CREATE TABLE follow_up_records (
  id            bigserial PRIMARY KEY,
  plan_id       bigint NOT NULL REFERENCES follow_up_plans(id),
  employee_id   bigint NOT NULL REFERENCES employees(id),
  follow_date   date NOT NULL,
  method        smallint NOT NULL,
  outcome       text NOT NULL,
  note          text,
  created_by    int REFERENCES users(id),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX follow_up_records_plan_idx ON follow_up_records (plan_id);

-- 健康服务包: status 0 未签约, 1 已签约, 2 已完成.
CREATE TABLE service_contracts (
  id            bigserial PRIMARY KEY,
  employee_id   bigint NOT NULL REFERENCES employees(id),
  year          smallint NOT NULL,
  level         smallint NOT NULL,
  status        smallint NOT NULL DEFAULT 0,
  signed_at     timestamptz,
  completed_at  timestamptz,
  version       int NOT NULL DEFAULT 1,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (employee_id, year)
);

CREATE TABLE app_settings (
  key    text PRIMARY KEY,
  value  jsonb NOT NULL
);

-- Background re-evaluations after a rule change (progress shown in the console).
CREATE TABLE evaluation_jobs (
  id            bigserial PRIMARY KEY,
  reason        text NOT NULL,
  status        text NOT NULL DEFAULT 'running',
  total         int NOT NULL DEFAULT 0,
  done          int NOT NULL DEFAULT 0,
  error         text,
  started_at    timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz
);
