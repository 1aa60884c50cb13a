-- The names a peña's sheets call a member by besides their username (decision 063): a member
-- without an account keeps the peña's name when it is linked to an account by hand or claimed by
-- signing up, so the peña's old files still name them. One row per group, member and name.
create table member_aliases (
  group_id integer not null references groups (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  name text not null,
  -- The id the name's lines were imported under (the placeholder's): an old line keeps its import key.
  key_user_id integer not null,
  created_at timestamptz not null default now(),
  primary key (group_id, user_id, name)
);

-- Signing up claims the placeholder's row with a new username (decision 052): the old name stays an
-- alias in each group it belongs to. A trigger, so every way of claiming keeps it.
create function member_aliases_on_claim() returns trigger language plpgsql as $$
begin
  if old.placeholder and not new.placeholder and lower(old.username) <> lower(new.username) then
    insert into member_aliases (group_id, user_id, name, key_user_id)
      select group_id, new.id, old.username, new.id from group_members where user_id = new.id
      on conflict do nothing;
  end if;
  return null;
end $$;
create trigger member_aliases_claim after update of username, placeholder on users
  for each row execute function member_aliases_on_claim();

-- Links and claims made before this table: their audit rows name the old name.
-- The placeholder's id is not in those rows: its lines are found by name (users.username).
insert into member_aliases (group_id, user_id, name, key_user_id, created_at)
  select group_id, entity_id, before ->> 'placeholder',
         coalesce((select min(u.id) from users u where u.username = audit_log.before ->> 'placeholder' and u.placeholder), entity_id), at from audit_log
   where action = 'placeholder.link' and group_id is not null and entity_id is not null and before ->> 'placeholder' is not null
     and exists (select 1 from users u where u.id = audit_log.entity_id)
  on conflict do nothing;
