-- A peña's past jornadas (decision 062): a pool created from a group's jornadas file belongs to that
-- group (owner_group_id), never to the catalogue. The catalogue is the pools without an owner: only
-- they hold a season's official number, so a group's import can never take a number from the admin,
-- and two groups may each have their own jornada 40 with their own matches.
alter table quinielas add column owner_group_id integer references groups (id) on delete cascade;
alter table quinielas drop constraint quinielas_season_id_number_key;
create unique index quinielas_catalogue_number on quinielas (season_id, number) where owner_group_id is null;
create unique index quinielas_owned_number on quinielas (owner_group_id, season_id, number) where owner_group_id is not null;

-- Pools a jornadas file created before this migration become the importing group's, unless another
-- group plays them too (then they stay in the catalogue, where they already were).
update quinielas q set owner_group_id = a.group_id
  from audit_log a
 where a.action = 'import.jornada' and a.entity = 'pool' and a.entity_id = q.id and a.group_id is not null
   and not exists (select 1 from group_quinielas gq where gq.quiniela_id = q.id and gq.group_id <> a.group_id);

-- The picks importer writes into a round with official results only when it is the peña's history
-- (decision 062): a pick it wrote is marked, so a round holding any other pick was played in the app.
alter table predictions add column imported boolean not null default false;
update predictions p set imported = true
  where exists (select 1 from audit_log a where a.entity = 'prediction' and a.entity_id = p.id and a.action like 'import.prediction%');
