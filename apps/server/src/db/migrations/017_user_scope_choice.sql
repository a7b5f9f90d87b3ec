-- An initial password set by an administrator (a new account, a reset) is known to that administrator:
-- the account must choose its own before anything else. Cleared when the account changes its password.
-- Existing accounts (the demo accounts among them, documented with a known password) are not forced.
ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
