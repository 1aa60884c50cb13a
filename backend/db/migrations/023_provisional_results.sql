-- The jornada in play (issue 37, decision 051): scores typed as matches end, or brought by the live
-- feed, kept apart from quiniela_results. Only the live page reads them: the standings, the caja,
-- the digest and the audit of results never do, and once the pool has official results they are
-- no longer shown nor written.
--   source 'group': a manager of group_id typed it; only that group sees it.
--   source 'admin': an admin typed it; every group that plays the pool sees it (below its own).
--   source 'feed': the live feed brought it; below both.
-- One row per pool, position (15 is the pleno) and author: a new score replaces it. `rev` comes
-- from a sequence on every write, so the highest `rev` of a pool names its provisional state.
create sequence provisional_rev;
create table provisional_results (
  quiniela_id integer not null references quinielas (id) on delete cascade,
  position integer not null check (position between 1 and 15),
  home_goals integer not null check (home_goals between 0 and 10),
  away_goals integer not null check (away_goals between 0 and 10),
  source text not null check (source in ('group', 'admin', 'feed')),
  group_id integer references groups (id) on delete cascade,
  set_by integer references users (id) on delete set null,
  at timestamptz not null default now(),
  rev bigint not null default nextval('provisional_rev'),
  check ((source = 'group') = (group_id is not null))
);
create unique index provisional_results_one on provisional_results (quiniela_id, position, source, coalesce(group_id, 0));
-- A cleared score leaves its mark here, so the pool's highest rev still moves.
create table provisional_clears (
  quiniela_id integer primary key references quinielas (id) on delete cascade,
  rev bigint not null
);
