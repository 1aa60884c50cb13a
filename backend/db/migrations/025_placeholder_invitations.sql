-- Invitations to members imported without an account (issue 38 item 3, decision 058): one row per
-- group and placeholder, written in the same transaction that sends the e-mail, so pressing the
-- button again (or two managers at once) sends nothing more and the page can say when it was sent.
create table placeholder_invitations (
  group_id integer not null references groups (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  email text not null,
  sent_at timestamptz not null,
  sent_by integer references users (id) on delete set null,
  primary key (group_id, user_id)
);
