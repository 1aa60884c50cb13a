-- Moving a peña in (issue 38): an uploaded file waits here between its preview and the manager's
-- confirm, keyed by a hash of the group, the kind and the bytes, so the confirm needs no second
-- upload (it works without JavaScript, where a file input cannot be filled again). Nothing else is
-- written by a preview; a draft older than a day is dropped by the next preview.
create table import_drafts (
  hash text primary key,
  group_id integer not null references groups (id) on delete cascade,
  kind text not null check (kind in ('members', 'picks', 'movements')),
  season_id integer references seasons (id) on delete cascade,
  -- The bytes as base64 (the same on PGlite and PostgreSQL drivers).
  content text not null,
  created_by integer references users (id) on delete set null,
  created_at timestamptz not null default now()
);

-- A member imported without an account (issue 38): a user row with a name and an e-mail that cannot
-- sign in (no password) and gets no mail; signing up with that e-mail turns it into the real account,
-- picks and money included, since it is the same row.
alter table users add column placeholder boolean not null default false;
