-- The live view of a group's pool, computed once under its version and shared by every instance
-- (decision 071): a second instance, or the refresh job that walks the playing groups after a
-- score, writes it here and the others read it instead of computing it again. A row whose version
-- is not the one the database gives now is never served: it only waits to be replaced.
create table live_views (
  group_id integer not null references groups (id) on delete cascade,
  quiniela_id integer not null references quinielas (id) on delete cascade,
  version text not null,
  view jsonb not null,
  -- What the players and the bet are computed from, without the scores (the bet's row version, the
  -- predictions'), and those inputs themselves: a score changes a view under the same basis by the
  -- ±1 rule, with no prediction, bet or season read again.
  basis text not null,
  inputs jsonb not null,
  computed_at timestamptz not null default now(),
  primary key (group_id, quiniela_id)
);
