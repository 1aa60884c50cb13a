-- The official escrutinio of a pool (decision 034): the prize per winning bet of each category, in
-- cents, entered by an admin or brought by the lottery import. One set per pool with its version,
-- so a stale form is refused and the held views that show prizes know when they changed.
create table quiniela_prize_sets (
  quiniela_id integer primary key references quinielas (id) on delete cascade,
  version integer not null default 1,
  source text not null check (source in ('admin', 'lottery')),
  updated_at timestamptz not null default now()
);

create table quiniela_prizes (
  quiniela_id integer not null references quiniela_prize_sets (quiniela_id) on delete cascade,
  category text not null check (category in ('especial', 'primera', 'segunda', 'tercera', 'cuarta', 'quinta')),
  prize_cents bigint not null check (prize_cents >= 0),
  primary key (quiniela_id, category)
);
