-- Issue 15, item 1: standings that cost a read. Each group's season standings (quiniela_id 0) and
-- each counted round's are stored as core/domain/classification computed them, and recomputed in
-- the transaction of whatever changes them (backend/services/classification.ts, refreshTouched).
-- The rows are filled by the backend at start after this migration (backfillStandings): the
-- rules live in TypeScript, never in SQL.

-- One set per group and season: whether it must be recomputed, and the time window in which its
-- counted rounds stay the same (a round with results starts counting when its close date passes).
create table standings_sets (
  group_id integer not null references groups (id) on delete cascade,
  season_id integer not null references seasons (id) on delete cascade,
  dirty boolean not null default true,
  -- The transaction that marked it dirty: that transaction recomputes it before it commits.
  dirty_tx bigint,
  valid_from timestamptz,
  stale_at timestamptz,
  -- The counted rounds, in order: quinielaId, numberQuiniela, closeDate, results.
  rounds jsonb not null default '[]',
  computed_at timestamptz,
  primary key (group_id, season_id)
);
create index standings_sets_dirty on standings_sets (dirty_tx) where dirty;

-- One scope's rows (quiniela_id 0: the season; -1: a round that does not count yet; else the
-- counted round), in position order, exactly as core/domain/classification computed them (icons
-- included: a group without office icons gets them stripped when read). json, not jsonb: the text
-- is kept as written, so a view sends it on without rebuilding 200 objects. One row per scope, not
-- per player: a recomputation writes a few dozen rows instead of thousands.
create table standings_scopes (
  group_id integer not null,
  season_id integer not null,
  quiniela_id integer not null,
  rows json not null,
  primary key (group_id, season_id, quiniela_id),
  foreign key (group_id, season_id) references standings_sets (group_id, season_id) on delete cascade
);

-- Every writer marks the sets it changes, whoever it is (a service, a script, a test builder);
-- the advisory lock per group serialises a recomputation with the writes it must see.
create function standings_touch(g integer, s integer) returns void language plpgsql as $$
begin
  if not exists (select 1 from groups where id = g) or not exists (select 1 from seasons where id = s) then
    return;
  end if;
  perform pg_advisory_xact_lock(1515, g);
  insert into standings_sets (group_id, season_id, dirty, dirty_tx) values (g, s, true, txid_current())
  on conflict (group_id, season_id) do update set dirty = true, dirty_tx = txid_current();
end $$;

-- Every season already kept for the group (a season never read is computed when first read).
create function standings_touch_group(g integer) returns void language plpgsql as $$
begin
  perform pg_advisory_xact_lock(1515, g);
  update standings_sets set dirty = true, dirty_tx = txid_current() where group_id = g;
end $$;

-- Results: every group playing the pool. Only a round with results counts, so predictions and a
-- round's dates matter only once the pool has results.
create function standings_on_results() returns trigger language plpgsql as $$
declare
  q integer;
  r record;
begin
  if tg_op = 'DELETE' then q := old.quiniela_id; else q := new.quiniela_id; end if;
  for r in
    select gq.group_id, p.season_id from group_quinielas gq join quinielas p on p.id = gq.quiniela_id
     where gq.quiniela_id = q order by gq.group_id
  loop
    perform standings_touch(r.group_id, r.season_id);
  end loop;
  return null;
end $$;
create trigger standings_results after insert or update or delete on quiniela_results
  for each row execute function standings_on_results();

create function standings_on_group_round() returns trigger language plpgsql as $$
declare
  g integer;
  q integer;
begin
  if tg_op = 'DELETE' then g := old.group_id; q := old.quiniela_id; else g := new.group_id; q := new.quiniela_id; end if;
  if exists (select 1 from quiniela_results where quiniela_id = q) then
    perform standings_touch(g, (select season_id from quinielas where id = q));
  end if;
  return null;
end $$;
create trigger standings_predictions after insert or update or delete on predictions
  for each row execute function standings_on_group_round();
create trigger standings_group_rounds after insert or update or delete on group_quinielas
  for each row execute function standings_on_group_round();

create function standings_on_points() returns trigger language plpgsql as $$
declare
  g integer;
begin
  if (old.points_single, old.points_double, old.points_triple, old.points_pleno)
     is distinct from (new.points_single, new.points_double, new.points_triple, new.points_pleno) then
    for g in select group_id from standings_sets where season_id = new.id order by group_id loop
      perform pg_advisory_xact_lock(1515, g);
      update standings_sets set dirty = true, dirty_tx = txid_current() where group_id = g and season_id = new.id;
    end loop;
  end if;
  return null;
end $$;
create trigger standings_points after update on seasons
  for each row execute function standings_on_points();

-- Joining, leaving and removal change who has a row, in every season.
create function standings_on_member() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform standings_touch_group(old.group_id);
  elsif tg_op = 'INSERT' or old.removed_at is distinct from new.removed_at then
    perform standings_touch_group(new.group_id);
  end if;
  return null;
end $$;
create trigger standings_members after insert or update or delete on group_members
  for each row execute function standings_on_member();

-- A row carries the player's name (it breaks ties) and avatar.
create function standings_on_user() returns trigger language plpgsql as $$
declare
  g integer;
begin
  if old.username is distinct from new.username or old.avatar_version is distinct from new.avatar_version then
    for g in select group_id from group_members where user_id = new.id order by group_id loop
      perform standings_touch_group(g);
    end loop;
  end if;
  return null;
end $$;
create trigger standings_users after update on users
  for each row execute function standings_on_user();
