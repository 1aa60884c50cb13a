-- Prizes are shared (decision 044). The public's betting percentages of a pool's 14 matches, as the
-- operator publishes them each jornada, pasted by an admin or brought by the lottery import: the
-- share of the bets on 1, X and 2, in hundredths of a percent. One set per pool with its version.
create table quiniela_public_share_sets (
  quiniela_id integer primary key references quinielas (id) on delete cascade,
  version integer not null default 1,
  source text not null check (source in ('admin', 'lottery', 'estimate')),
  updated_at timestamptz not null default now()
);

create table quiniela_public_shares (
  quiniela_id integer not null references quiniela_public_share_sets (quiniela_id) on delete cascade,
  position integer not null check (position between 1 and 14),
  share_1 integer not null check (share_1 between 0 and 10000),
  share_x integer not null check (share_x between 0 and 10000),
  share_2 integer not null check (share_2 between 0 and 10000),
  primary key (quiniela_id, position)
);

-- An escrutinio computed from the jornada's takings and the public's percentages rather than
-- published (the demo's, marked «estimado» wherever it is shown).
alter table quiniela_prize_sets drop constraint quiniela_prize_sets_source_check;
alter table quiniela_prize_sets add constraint quiniela_prize_sets_source_check check (source in ('admin', 'lottery', 'estimate'));
