-- Each peña names its members without an account itself (decision 080). A person without an account
-- whom two peñas import by the same address is one row of `users`, but each membership carries the
-- name its peña gave them: `display_name`, null for an account (its username is its name). What a
-- group's pages show of a member is `member_name(group, user)`. Such a shared row's own username
-- names no peña (PLACEHOLDER_SHARED_NAME in backend/services/moving-in/names.ts), so a page that
-- still read it would show that, never one peña's name to another.
alter table group_members add column display_name text;

create function member_name(g integer, u integer) returns text language sql stable as $$
  select coalesce((select m.display_name from group_members m where m.group_id = g and m.user_id = u), (select x.username from users x where x.id = u))
$$;

-- Every placeholder's membership is named by its peña: the row's username where it was made, and the
-- alias the importer gave it where another peña added it later (decision 063's way, before this).
update group_members m set display_name = u.username from users u where u.id = m.user_id and u.placeholder;
update group_members m set display_name = a.name
  from member_aliases a join users u on u.id = a.user_id
 where u.placeholder and a.group_id = m.group_id and a.user_id = m.user_id and a.key_user_id = a.user_id;
update users u set username = 'Miembro sin cuenta'
 where u.placeholder and (select count(*) from group_members m where m.user_id = u.id) > 1;

-- A claim (the row becomes an account with the username its holder chose) keeps each peña's name as
-- an alias there, as decision 063 had it for the row's username, and the chosen username is then the
-- name in every peña.
create or replace function member_aliases_on_claim() returns trigger language plpgsql as $$
begin
  if old.placeholder and not new.placeholder then
    insert into member_aliases (group_id, user_id, name, key_user_id)
      select m.group_id, new.id, coalesce(m.display_name, old.username), new.id from group_members m
       where m.user_id = new.id and lower(coalesce(m.display_name, old.username)) <> lower(new.username)
      on conflict do nothing;
    update group_members set display_name = null where user_id = new.id;
  end if;
  return null;
end $$;
