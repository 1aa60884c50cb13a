-- A sign-up whose address is already in use still makes the account (decision 092), so the one who
-- typed it is answered and let in alike whether the address was free, an account's or a member's
-- without an account. Such an account's `email` is a name that is no address (`pendiente-…`, like
-- an erased one's `borrado-…`), so no mail is ever sent to it and no address is held twice; the
-- address it asked for is kept here, shown to the account itself, and never proved: its holder is
-- the one who already has it.
alter table users add column requested_email text;

-- The address an account is shown as its own (its profile, its peñas' member lists, its download):
-- the one it asked for, where it only asked, else its own.
create function shown_email(u users) returns text language sql stable as $$
  select coalesce(u.requested_email, u.email)
$$;
