-- The jornada's first match (decision 093). The operator's answer before a draw carries each match's
-- official start (`partidos[].fecha`, Madrid wall time: «2026/11/28 16:15:00» while the pool's close,
-- `cierre`, is 15:00). The import keeps it per match; a pool typed by hand has none (its form asks
-- for no match times), and a pool made before this migration neither.
alter table quiniela_matches add column kick_off timestamptz;

-- When a pool's jornada starts: its earliest official start once every match has one; otherwise
-- (a pool typed by hand, an old one, a match the admin changed) its official close, which comes
-- before the matches: the resguardo's «antes del primer partido», its window to remove or replace a
-- photo, and the ask two hours before all read it here.
create function first_match_at(pool integer) returns timestamptz language sql stable as $$
  select coalesce(
    (select min(m.kick_off) from quiniela_matches m where m.quiniela_id = pool having count(*) = count(m.kick_off)),
    (select q.closing_date from quinielas q where q.id = pool))
$$;
