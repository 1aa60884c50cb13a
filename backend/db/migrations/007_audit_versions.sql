-- Issue 13, items 2, 3 and 10: versions against lost updates, reopenings and late predictions,
-- and the audit trail of every change a manager or an admin makes.

-- Every row a form edits carries the version it was loaded from; a save against a newer one is a 409.
alter table group_quinielas add column version integer not null default 1;
alter table groups add column version integer not null default 1;
alter table quinielas add column version integer not null default 1;
alter table quiniela_results add column version integer not null default 1;
alter table teams add column version integer not null default 1;
alter table bets add column version integer not null default 1;

-- The last time a closed round was opened again: a prediction written after it is late.
alter table group_quinielas add column reopened_at timestamptz;
alter table predictions add column late boolean not null default false;

-- Who changed what, when, and the values before and after; written in the change's own transaction.
create table audit_log (
  id serial primary key,
  at timestamptz not null default now(),
  actor_id integer references users (id) on delete set null,
  actor_name text not null,
  group_id integer references groups (id) on delete cascade,
  action text not null,
  entity text not null,
  entity_id integer,
  -- What a person reads first: "Jornada 5", "Peña del Barrio", a username.
  subject text not null default '',
  before jsonb,
  after jsonb
);
create index audit_log_group on audit_log (group_id, at desc);
create index audit_log_at on audit_log (at desc);
