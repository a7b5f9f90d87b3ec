-- Built-in default positive rules carry a stable code, so a start-up adds the ones a database lacks exactly once
-- (db/reference-data.ts, GUIDELINE_RULES in packages/shared); rules made in the console have none.
ALTER TABLE positive_rules ADD COLUMN code text;
CREATE UNIQUE INDEX positive_rules_code_key ON positive_rules (code);
