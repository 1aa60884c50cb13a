-- El resguardo (decision 090): photos of a jornada's stamped ticket, kept in the database like the
-- avatars (decision 004), so every backend instance serves them and every backup holds them. What
-- is stored is never the bytes that were sent: sharp decoded them, turned them upright, dropped
-- every metadata field and wrote a new JPEG (`image`, at most 1600 px a side) and a thumbnail.
create table ticket_receipts (
  id serial primary key,
  group_id integer not null references groups (id) on delete cascade,
  quiniela_id integer not null references quinielas (id) on delete cascade,
  -- Who added it; an erased account keeps its scrubbed row (decision 083), so this stays.
  uploaded_by integer references users (id) on delete set null,
  uploaded_at timestamptz not null,
  -- Whether it came before the jornada's first match (its pool's official close), fixed when added.
  before_start boolean not null,
  -- A photo added after the start in place of another, which then stays beside it.
  replaces_id integer references ticket_receipts (id) on delete set null,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  image bytea not null,
  thumbnail bytea not null
);
create index ticket_receipts_round on ticket_receipts (group_id, quiniela_id, uploaded_at);

-- The results page shows a jornada's resguardo, so a photo added or removed moves its version (decision 082).
create trigger ticket_receipts_notice after insert or update or delete on ticket_receipts for each row execute function version_notice('group');
create trigger ticket_receipts_truncated after truncate on ticket_receipts for each statement execute function version_notice();

-- «Falta el resguardo»: one mail per group round and person asked (the stamper, or each manager
-- when nobody stamps), claimed by inserting its row before it is sent (decision 017's rule).
create table receipt_reminders_sent (
  group_quiniela_id integer not null references group_quinielas (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  sent_at timestamptz not null default now(),
  primary key (group_quiniela_id, user_id)
);
