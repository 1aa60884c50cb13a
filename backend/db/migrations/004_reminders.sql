-- E-mail reminders before a round closes (issue 11).

-- Reminders are on unless the player turns them off from /perfil: nobody could choose before this
-- screen existed, so every account starts with them on.
alter table users alter column send_alert set default true;
update users set send_alert = true;

-- One row per member and group round that was reminded. The primary key is the claim: whichever
-- job (a second instance, a restart) inserts first sends the mail; the others find it taken.
create table reminders_sent (
  group_quiniela_id integer not null references group_quinielas (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  sent_at timestamptz not null default now(),
  primary key (group_quiniela_id, user_id)
);
