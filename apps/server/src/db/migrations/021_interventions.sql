-- 干预模型 and 干预任务 (issue 12, "Interventions"): a model is a condition over a person's latest check, tags,
-- risk level and open findings with the actions it plans (prescriptions, follow-ups, education); every save is a
-- version kept as a snapshot, and a run creates one task per matching person, never twice for the same person,
-- model version and year.

CREATE TABLE intervention_models (
  id                   bigserial PRIMARY KEY,
  name                 text NOT NULL,
  condition            text NOT NULL,
  description          text,
  enabled              boolean NOT NULL DEFAULT true,
  diet_rx              boolean NOT NULL DEFAULT false,
  fitness_rx           boolean NOT NULL DEFAULT false,
  -- 随访: method (1 电话, 2 上门, 3 微信, 4 门诊), every N months, for M months; no method = none.
  follow_method        smallint,
  follow_every_months  smallint,
  follow_for_months    smallint,
  duration_months      smallint NOT NULL DEFAULT 12,
  version              int NOT NULL DEFAULT 1,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  deleted_at           timestamptz
);
CREATE UNIQUE INDEX intervention_models_name_key ON intervention_models (name) WHERE deleted_at IS NULL;

-- 宣教 items of a model (a child collection of the declared resource).
CREATE TABLE intervention_model_education (
  id        bigserial PRIMARY KEY,
  model_id  bigint NOT NULL REFERENCES intervention_models(id),
  position  int NOT NULL DEFAULT 0,
  title     text NOT NULL,
  content   text
);
CREATE INDEX intervention_model_education_model_idx ON intervention_model_education (model_id, position);

-- One row per save: the model as saved (condition, actions, education). Versions count 1, 2, 3… per model;
-- tasks name the version they were made from.
CREATE TABLE intervention_model_versions (
  model_id    bigint NOT NULL REFERENCES intervention_models(id),
  version     int NOT NULL,
  snapshot    jsonb NOT NULL,
  created_by  int REFERENCES users(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (model_id, version)
);

-- A model's run in the background (lib/jobs.ts JobRunner: claimed with SKIP LOCKED under a lease).
CREATE TABLE intervention_jobs (
  id             bigserial PRIMARY KEY,
  reason         text NOT NULL,
  status         text NOT NULL DEFAULT 'queued',
  model_id       bigint NOT NULL REFERENCES intervention_models(id),
  model_version  int NOT NULL,
  year           smallint NOT NULL,
  total          int NOT NULL DEFAULT 0,
  done           int NOT NULL DEFAULT 0,
  created        int NOT NULL DEFAULT 0,
  skipped        int NOT NULL DEFAULT 0,
  error          text,
  created_by     int REFERENCES users(id),
  started_at     timestamptz NOT NULL DEFAULT now(),
  finished_at    timestamptz,
  claimed_by     text,
  lease_until    timestamptz,
  attempts       int NOT NULL DEFAULT 0
);
CREATE INDEX intervention_jobs_open_idx ON intervention_jobs (id) WHERE status IN ('queued', 'running');

-- A model condition's FINDINGS (confirmed findings still being worked on) counts each person's open 阳性任务.
CREATE INDEX positive_tasks_open_employee_idx ON positive_tasks (employee_id) WHERE status IN (1, 2);

-- status: 1 进行中, 2 已完成, 3 已终止. actions_total/actions_done/next_due are kept from the task's actions
-- (intervention_task_recount) so the list's progress and overdue marking need no subquery per row.
CREATE TABLE intervention_tasks (
  id             bigserial PRIMARY KEY,
  employee_id    bigint NOT NULL REFERENCES employees(id),
  model_id       bigint NOT NULL REFERENCES intervention_models(id),
  model_version  int NOT NULL,
  year           smallint NOT NULL,
  finding_id     bigint REFERENCES positive_findings(id),
  job_id         bigint REFERENCES intervention_jobs(id),
  status         smallint NOT NULL DEFAULT 1,
  start_date     date NOT NULL,
  due_date       date NOT NULL,
  actions_total  int NOT NULL DEFAULT 0,
  actions_done   int NOT NULL DEFAULT 0,
  -- The earliest due date of an action not yet done (NULL when all are done).
  next_due       date,
  outcome        text,
  end_reason     text,
  completed_at   timestamptz,
  version        int NOT NULL DEFAULT 1,
  created_by     int REFERENCES users(id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
-- Never twice for the same person, model version and year (runs insert ON CONFLICT DO NOTHING).
CREATE UNIQUE INDEX intervention_tasks_once_key ON intervention_tasks (employee_id, model_id, model_version, year);
-- The list's default order: open tasks first, soonest due first.
CREATE INDEX intervention_tasks_list_idx ON intervention_tasks (status, due_date, id);
CREATE INDEX intervention_tasks_model_idx ON intervention_tasks (model_id, status);

-- kind: 1 膳食处方, 2 运动处方, 3 随访, 4 宣教. ref_id: the prescription of a kind 1/2 action.
CREATE TABLE intervention_actions (
  id        bigserial PRIMARY KEY,
  task_id   bigint NOT NULL REFERENCES intervention_tasks(id),
  position  int NOT NULL,
  kind      smallint NOT NULL,
  title     text NOT NULL,
  content   text,
  due_date  date NOT NULL,
  done_at   timestamptz,
  done_by   int REFERENCES users(id),
  note      text,
  ref_id    bigint
);
CREATE INDEX intervention_actions_task_idx ON intervention_actions (task_id, position);
CREATE INDEX intervention_actions_ref_idx ON intervention_actions (kind, ref_id) WHERE ref_id IS NOT NULL;

-- A task's counters from its actions; `bump` also moves its version (a change someone may be editing against).
CREATE FUNCTION intervention_task_recount(ids bigint[], bump boolean) RETURNS void LANGUAGE sql AS $$
  UPDATE intervention_tasks t
     SET actions_total = s.total, actions_done = s.done, next_due = s.next_due,
         version = t.version + CASE WHEN bump THEN 1 ELSE 0 END,
         updated_at = CASE WHEN bump THEN now() ELSE t.updated_at END
    FROM (SELECT a.task_id, count(*)::int AS total, count(a.done_at)::int AS done,
                 min(a.due_date) FILTER (WHERE a.done_at IS NULL) AS next_due
            FROM intervention_actions a WHERE a.task_id = ANY(ids) GROUP BY a.task_id) s
   WHERE t.id = s.task_id
$$;

-- A prescription action is done while its prescription is issued (已开具, 执行中, 已完成): whichever path moves a
-- prescription's status (the console's actions, a bulk job, a script), its intervention actions follow in the same
-- transaction. A draft or a voided prescription leaves the action open. (issued_at/issued_by read through to_jsonb:
-- a prescription table without them still syncs, stamped now.)
CREATE FUNCTION intervention_rx_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k smallint := TG_ARGV[0]::smallint;
  touched bigint[];
BEGIN
  IF NEW.status IS NOT DISTINCT FROM OLD.status THEN
    RETURN NULL;
  END IF;
  WITH changed AS (
    UPDATE intervention_actions a
       SET done_at = CASE WHEN NEW.status IN (2, 3, 4) THEN coalesce(a.done_at, (to_jsonb(NEW)->>'issued_at')::timestamptz, now()) END,
           done_by = CASE WHEN NEW.status IN (2, 3, 4) THEN coalesce(a.done_by, (to_jsonb(NEW)->>'issued_by')::int) END,
           note = CASE WHEN NEW.status IN (2, 3, 4) THEN coalesce(a.note, '处方已开具') ELSE a.note END
     WHERE a.kind = k AND a.ref_id = NEW.id
       AND (a.done_at IS NULL) = (NEW.status IN (2, 3, 4))
    RETURNING a.task_id
  )
  SELECT array_agg(DISTINCT task_id) INTO touched FROM changed;
  IF touched IS NOT NULL THEN
    PERFORM intervention_task_recount(touched, true);
  END IF;
  RETURN NULL;
END $$;

-- The prescription tables come with migration 020 (issue 12, prescriptions).
DO $$
BEGIN
  IF to_regclass('diet_prescriptions') IS NOT NULL THEN
    CREATE TRIGGER diet_prescriptions_intervention AFTER UPDATE OF status ON diet_prescriptions
      FOR EACH ROW EXECUTE FUNCTION intervention_rx_sync(1);
  END IF;
  IF to_regclass('fitness_prescriptions') IS NOT NULL THEN
    CREATE TRIGGER fitness_prescriptions_intervention AFTER UPDATE OF status ON fitness_prescriptions
      FOR EACH ROW EXECUTE FUNCTION intervention_rx_sync(2);
  END IF;
END $$;
