-- 问卷管理: a questionnaire, its questions and each question's options (child collections of the generic
-- resource code: rows kept in `position` order, written with the parent in one transaction).

CREATE TABLE questionnaires (
  id           bigserial PRIMARY KEY,
  name         text NOT NULL,
  -- 1 健康问卷, 2 心理测评, 3 满意度调查, 4 其他.
  kind         smallint NOT NULL,
  enabled      boolean NOT NULL DEFAULT true,
  -- Sanitised HTML (the server's allowlist).
  description  text,
  version      int NOT NULL DEFAULT 1,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  deleted_at   timestamptz
);
CREATE UNIQUE INDEX questionnaires_name_key ON questionnaires (name) WHERE deleted_at IS NULL;

CREATE TABLE questionnaire_questions (
  id                bigserial PRIMARY KEY,
  questionnaire_id  bigint NOT NULL REFERENCES questionnaires(id),
  position          int NOT NULL,
  title             text NOT NULL,
  -- 1 单选, 2 多选, 3 填空.
  kind              smallint NOT NULL,
  required          boolean NOT NULL DEFAULT true
);
CREATE INDEX questionnaire_questions_parent_idx ON questionnaire_questions (questionnaire_id, position);

CREATE TABLE questionnaire_options (
  id           bigserial PRIMARY KEY,
  question_id  bigint NOT NULL REFERENCES questionnaire_questions(id),
  position     int NOT NULL,
  label        text NOT NULL,
  score        double precision
);
CREATE INDEX questionnaire_options_parent_idx ON questionnaire_options (question_id, position);
