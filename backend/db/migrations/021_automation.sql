-- The official jornadas read from the lottery operator (decision 046): one row per draw, keyed on the
-- operator's draw id, so the same draw seen twice (or by two instances at once) is one pool. A draw
-- pasted as 15 lines has no id: its key is "pegado-" and its close's day. `matches` holds the
-- operator's names (suffix " (M)" off, " (F)" kept); `pending_matches` a change of matches that
-- arrived after players picked, waiting for the admin to accept it.
create table official_jornadas (
  draw_key text primary key,
  draw_date date,
  numero integer,
  jornada text,
  temporada text,
  opens_at timestamptz,
  closes_at timestamptz not null,
  matches jsonb not null,
  status text not null check (status in ('creada', 'pendiente', 'temporada-nueva', 'cambio')),
  message text,
  quiniela_id integer unique references quinielas (id) on delete set null,
  pending_matches jsonb,
  source text not null check (source in ('lottery', 'paste')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- What the machine did, step by step, for the admin panel: imported, results, prizes, and the other
-- automatic steps (opened in a peña, bet generated...). Any feature may insert rows: `kind` is free
-- text, `quiniela_id`, `group_id` and `draw_key` are optional. A step with a `step_key` is kept once:
-- its retry replaces the outcome (on conflict (step_key) do update), so the panel shows the last one.
create table automation_steps (
  id serial primary key,
  step_key text unique,
  kind text not null,
  quiniela_id integer references quinielas (id) on delete cascade,
  group_id integer references groups (id) on delete cascade,
  draw_key text,
  outcome text not null check (outcome in ('ok', 'aviso', 'error')),
  message text not null,
  at timestamptz not null default now()
);
create index automation_steps_at on automation_steps (at desc);

-- One row per scheduled slot of an automatic job: the first instance to claim the slot runs it.
create table automation_runs (
  run_key text primary key,
  started_at timestamptz not null default now()
);
