-- The way out of every mail (decision 086).
--
-- An address that asked for no more mail from this app is kept only as a keyed hash: HMAC-SHA256
-- of the lower-cased address with the server's suppression secret, in hex. No address is stored,
-- so the list names no one, survives an erasure, and is read by every instance on one database
-- before any mail goes out. `reason` says which choice put it there ('stop': «no me escribáis»).
create table mail_suppressions (
  address_hash text primary key check (address_hash ~ '^[0-9a-f]{64}$'),
  at timestamptz not null,
  reason text not null check (reason in ('stop'))
);

-- The two kinds of mail an account gets that had no switch in the profile: a manager's notices
-- (the bet made at the close, a member's address removed) and the mails about the account's own
-- access that someone asks for with its address (a sign-up attempt, a reset link, a proof link).
alter table users add column send_manager_mail boolean not null default true;
alter table users add column send_account_mail boolean not null default true;
