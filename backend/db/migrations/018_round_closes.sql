-- Issue 33: a read of the caja no longer writes its automatic charges; a job does, when a round
-- closes (its close date passed, a forced close, or its official results complete: issue 34) or
-- its bet is confirmed (backend/services/round-close.ts, decision 039).
--
-- Each group round's close is claimed once, whichever instance sees it first: the row is the claim
-- (no sequence, so a claim that loses spends nothing). A step that fails gives the claim back.
create table round_closes (
  group_quiniela_id integer primary key references group_quinielas (id) on delete cascade,
  closed_at timestamptz not null,
  -- Why it closed: 'date' (its close date passed), 'forced', 'results' (official results complete).
  reason text not null check (reason in ('date', 'forced', 'results')),
  -- What the steps did, for the admin's eyes: "Cargos de la caja: 3".
  summary text not null default ''
);

-- Ids that grow with every write, for years: 64-bit. A 32-bit id spent by reads (issue 33 found
-- ~415 a read) would have run out in days, and then every money write of every group fails.
alter table caja_movements alter column id type bigint;
alter sequence caja_movements_id_seq as bigint;
alter table caja_movements alter column reverses_id type bigint;
alter table audit_log alter column id type bigint;
alter sequence audit_log_id_seq as bigint;
alter table audit_log alter column entity_id type bigint;

-- Rounds already closed when this migration runs are claimed as they are: their charges were
-- written by the caja's reads until now, and the job's first run writes whatever is still due.
insert into round_closes (group_quiniela_id, closed_at, reason)
select gq.id, least(gq.close_date, now()), case when gq.force_closed then 'forced' else 'date' end
  from group_quinielas gq where gq.force_closed or gq.close_date <= now();
