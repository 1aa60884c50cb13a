-- The phone's calendar (decision 036): each member's private feed of their groups' rounds. The
-- token carries the user's id and this nonce, signed; 'Revocar' writes a new nonce, so the old
-- address stops answering at once. A row is made the first time the member opens /perfil.
create table calendar_feeds (
  user_id integer primary key references users (id) on delete cascade,
  nonce text not null unique,
  created_at timestamptz not null default now()
);
