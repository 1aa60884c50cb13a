-- Issue 36, items 3, 4 and 6 (decision 048): each peña's standing rule for the week, and the rows
-- that make every automatic step happen once, whichever instance runs it first.

-- The rule a manager sets once in /grupo/{id}/ajustes. type_rota holds pool_types ids: jornada N
-- is played with type_rota[(N - 1) mod length] (core/domain/week-rule.ts).
create table group_automation (
  group_id integer primary key references groups (id) on delete cascade,
  auto_open boolean not null default false,
  type_rota jsonb not null default '[1]',
  open_at text not null default 'publication' check (open_at in ('publication', 'weekly')),
  open_weekday integer check (open_weekday between 1 and 7),
  open_time text,
  close_before_minutes integer not null default 60 check (close_before_minutes between 0 and 10080),
  bet_at_close boolean not null default false,
  bet_rule text not null default 'wilson' check (bet_rule in ('wilson', 'placement')),
  top_n integer check (top_n between 1 and 100),
  auto_confirm boolean not null default false,
  absent_fill text not null default 'off' check (absent_fill in ('off', 'season', 'last-bet')),
  absent_max integer not null default 3 check (absent_max between 1 and 38),
  version integer not null default 1,
  -- Rounds that closed before the rule was first saved are history: the job leaves them alone.
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- One row per group and pool the rule opened: the claim (two instances insert, one wins) and what
-- the job set, so a later change of the official close moves only a close nobody changed by hand.
create table auto_openings (
  group_id integer not null references groups (id) on delete cascade,
  quiniela_id integer not null references quinielas (id) on delete cascade,
  group_quiniela_id integer references group_quinielas (id) on delete set null,
  close_date timestamptz not null,
  opened_at timestamptz not null,
  primary key (group_id, quiniela_id)
);

-- One row per group round closed by the job: the claim of its bet (and the absent members' picks).
create table auto_bets (
  group_quiniela_id integer primary key references group_quinielas (id) on delete cascade,
  bet_id integer references bets (id) on delete set null,
  outcome text not null default '',
  done_at timestamptz not null
);

-- The manager's e-mail with the bet, claimed per manager and round as reminders_sent (decision 017).
create table bet_mails_sent (
  group_quiniela_id integer not null references group_quinielas (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  sent_at timestamptz not null default now(),
  primary key (group_quiniela_id, user_id)
);

-- An absent member's picks played for them: 'season' (their most frequent picks) or 'last-bet'
-- (the group's previous bet). Null: the member's own prediction.
alter table predictions add column automatic text check (automatic in ('season', 'last-bet'));
