-- A member without an account is named by their peña, not from the accounts' namespace (decision
-- 063): two peñas may each have their own "Chema" without an account, and adding one tells nobody
-- that another peña has one. A username is chosen at sign-up, unique among accounts only; the
-- importer keeps names apart within a peña.
create unique index users_username_account on users (lower(username)) where not placeholder;
drop index users_username_key;
