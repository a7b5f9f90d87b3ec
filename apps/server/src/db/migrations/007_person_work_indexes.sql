-- One person's work is read by employee: the detail page, the lists filtered by person, and the dashboard's
-- "management completed" (a completed task of the person). With a year of tasks these must not scan the table.
CREATE INDEX positive_tasks_employee_idx ON positive_tasks (employee_id);
CREATE INDEX positive_logs_employee_idx ON positive_logs (employee_id);
CREATE INDEX follow_up_plans_employee_idx ON follow_up_plans (employee_id);
