-- Sign-in throttling kept in the database, so every server instance on one PostgreSQL counts the same attempts.
-- One row per (lower-cased username, client address): consecutive wrong passwords of that name from that
-- address, and its lock. One row per address with username '': failed sign-ins from it over all names.
-- Unknown usernames are counted like existing ones, so the answers do not tell which names exist.
-- (users.failed_logins / locked_until, the former account-wide lock, are no longer read.)
CREATE TABLE login_throttle (
  username      text NOT NULL,
  ip            text NOT NULL,
  failures      int NOT NULL DEFAULT 0,
  -- When the count is forgotten: the address's window end, or a day after a name's last failure.
  expires_at    timestamptz NOT NULL,
  locked_until  timestamptz,
  PRIMARY KEY (username, ip)
);
CREATE INDEX login_throttle_expires_idx ON login_throttle (expires_at);

-- Full ID and mobile numbers in the employee-account export need their own button permission; the built-in
-- company administrator role keeps the full export it had.
UPDATE roles SET buttons = array_append(buttons, 'account:export-full')
 WHERE code = 'companyAdmin' AND builtin AND NOT ('account:export-full' = ANY (buttons));
