-- Leave and be forgotten (RGPD article 17, decision 083). An erased account keeps its `users` row so
-- the picks, the group bets and the caja's append-only ledger that other members' numbers rest on
-- still point at it, but the row names no one: its username is a pseudonym no sign-up can take, its
-- e-mail a value no address can match, its password none, and `deleted_at` says it was erased.
alter table users add column deleted_at timestamptz;
