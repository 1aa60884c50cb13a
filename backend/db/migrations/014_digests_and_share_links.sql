-- The round's digest (decision 036): one e-mail per member and group round once its official
-- results are in. On by default, like the reminders; a member turns it off from /perfil or from
-- the link in the mail.
alter table users add column send_digest boolean not null default true;

-- The claim, as reminders_sent (decision 017): whichever job inserts the row first sends the mail.
create table digests_sent (
  group_quiniela_id integer not null references group_quinielas (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  sent_at timestamptz not null default now(),
  primary key (group_quiniela_id, user_id)
);

-- Public, read-only share links with a preview (decision 033): the group bet of one jornada
-- ('bet', quiniela_id set) or the group's standings ('standings'). The token carries the id and
-- the nonce, signed, as the kiosk's; 'Revocar' dates the row and the link stops answering.
create table share_links (
  id serial primary key,
  group_id integer not null references groups (id) on delete cascade,
  kind text not null check (kind in ('bet', 'standings')),
  quiniela_id integer references quinielas (id) on delete cascade,
  nonce text not null unique,
  created_by integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  check ((kind = 'bet') = (quiniela_id is not null))
);
create index share_links_group on share_links (group_id) where revoked_at is null;
