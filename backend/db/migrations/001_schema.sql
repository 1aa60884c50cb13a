-- The whole model behind the API contract (docs/architecture.md#the-contract), created at once so later features only add behaviour.
-- Times are timestamptz (UTC); a season's start is a calendar day.

create table roles (
  id integer primary key,
  name text not null unique
);
insert into roles (id, name) values (1, 'Usuario'), (2, 'Gestor');

create table users (
  id serial primary key,
  email text not null,
  username text not null,
  password_hash text not null,
  is_admin boolean not null default false,
  send_alert boolean not null default false,
  avatar_version integer,
  created_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));
create unique index users_username_key on users (lower(username));

-- 64 px images, a few KB each: kept in the database so any backend instance can serve them.
create table user_avatars (
  user_id integer primary key references users (id) on delete cascade,
  content_type text not null,
  image bytea not null,
  updated_at timestamptz not null default now()
);

-- Opaque bearer tokens; only their SHA-256 is stored, so a database leak reveals no session.
create table auth_tokens (
  token_hash text primary key,
  user_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index auth_tokens_user on auth_tokens (user_id);

create table password_resets (
  token_hash text primary key,
  user_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

create table groups (
  id serial primary key,
  name text not null,
  description text not null default '',
  invite_code text not null unique,
  created_at timestamptz not null default now()
);

-- A removed member keeps the row (removed_at) so past standings still show their picks.
create table group_members (
  group_id integer not null references groups (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  role_id integer not null default 1 references roles (id),
  joined_at timestamptz not null default now(),
  removed_at timestamptz,
  primary key (group_id, user_id)
);
create index group_members_user on group_members (user_id);

create table seasons (
  id serial primary key,
  name text not null,
  start_date date not null,
  points_single numeric(6, 2) not null default 1,
  points_double numeric(6, 2) not null default 0.75,
  points_triple numeric(6, 2) not null default 0,
  points_pleno numeric(6, 2) not null default 5,
  created_at timestamptz not null default now()
);

create table teams (
  id serial primary key,
  name text not null,
  logo text,
  created_at timestamptz not null default now()
);
create unique index teams_name_key on teams (lower(name));

-- alias_key is the accent- and case-folded alias: one spelling names one team.
create table team_aliases (
  team_id integer not null references teams (id) on delete cascade,
  alias text not null,
  alias_key text not null unique,
  primary key (team_id, alias)
);

create table quinielas (
  id serial primary key,
  season_id integer not null references seasons (id),
  number integer not null,
  start_date timestamptz not null,
  closing_date timestamptz not null,
  created_at timestamptz not null default now(),
  unique (season_id, number)
);

-- Positions 1..15; 15 is the pleno al quince.
create table quiniela_matches (
  quiniela_id integer not null references quinielas (id) on delete cascade,
  position integer not null check (position between 1 and 15),
  home text not null,
  away text not null,
  home_team_id integer references teams (id),
  away_team_id integer references teams (id),
  primary key (quiniela_id, position)
);

-- Official results, the same for every group. matches: 14 values "1", "X", "2" or null.
create table quiniela_results (
  quiniela_id integer primary key references quinielas (id) on delete cascade,
  matches jsonb not null,
  pleno_home integer check (pleno_home between 0 and 10),
  pleno_away integer check (pleno_away between 0 and 10),
  source text not null default 'manual',
  updated_at timestamptz not null default now()
);

create table pool_types (
  id integer primary key,
  name text not null,
  description text not null,
  num_double integer not null default 0,
  num_triple integer not null default 0
);
insert into pool_types (id, name, description, num_double, num_triple) values
  (1, 'Sencilla', 'Un signo por partido.', 0, 0),
  (2, 'Dos dobles', 'Dos partidos con doble signo.', 2, 0),
  (3, 'Un triple', 'Un partido con los tres signos.', 0, 1),
  (4, 'Dos dobles y un triple', 'Dos partidos con doble signo y uno con triple.', 2, 1),
  (5, 'Cuatro dobles', 'Cuatro partidos con doble signo.', 4, 0),
  (6, 'Reducida de tres triples', 'Tres partidos con los tres signos.', 0, 3);

-- A pool as one group plays it: its own dates, type and forced close.
create table group_quinielas (
  id serial primary key,
  group_id integer not null references groups (id) on delete cascade,
  quiniela_id integer not null references quinielas (id) on delete cascade,
  open_date timestamptz not null,
  close_date timestamptz not null,
  force_closed boolean not null default false,
  type_quiniela_id integer not null default 1 references pool_types (id),
  description text not null default '',
  unique (group_id, quiniela_id)
);

create table group_quiniela_blocks (
  group_quiniela_id integer not null references group_quinielas (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  blocked_at timestamptz not null default now(),
  blocked_by integer references users (id),
  primary key (group_quiniela_id, user_id)
);

-- matches: 14 arrays of signs.
create table predictions (
  id serial primary key,
  group_id integer not null references groups (id) on delete cascade,
  quiniela_id integer not null references quinielas (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  matches jsonb not null,
  pleno_home integer not null check (pleno_home between 0 and 10),
  pleno_away integer not null check (pleno_away between 0 and 10),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (group_id, quiniela_id, user_id)
);
create index predictions_group_quiniela on predictions (group_id, quiniela_id);

-- The group's merged bet for one round.
create table bets (
  id serial primary key,
  group_id integer not null references groups (id) on delete cascade,
  quiniela_id integer not null references quinielas (id) on delete cascade,
  season_id integer not null references seasons (id),
  top_n integer not null check (top_n >= 1),
  usernames_included jsonb not null default '[]',
  matches jsonb not null,
  votes jsonb not null default '[]',
  pleno_home integer check (pleno_home between 0 and 10),
  pleno_away integer check (pleno_away between 0 and 10),
  explanations jsonb not null default '[]',
  confirmed boolean not null default false,
  confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (group_id, quiniela_id)
);

create table bet_participants (
  bet_id integer not null references bets (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  prediction_id integer references predictions (id) on delete set null,
  rank_position integer not null,
  username text not null,
  primary key (bet_id, user_id)
);

create table phrases (
  id serial primary key,
  text text not null,
  author text not null,
  user_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now()
);

-- Draws fetched from the lottery service, as received.
create table lottery_draws (
  id serial primary key,
  draw_date date not null unique,
  jornada integer,
  quiniela_id integer references quinielas (id) on delete set null,
  payload jsonb not null,
  created_at timestamptz not null default now()
);

-- Read-only standings screens for an office TV; the token carries only this row's id.
create table kiosk_links (
  id serial primary key,
  group_id integer not null references groups (id) on delete cascade,
  nonce text not null unique,
  created_by integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
