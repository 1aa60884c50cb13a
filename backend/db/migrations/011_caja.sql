-- La caja de la peña (decision 032): an append-only ledger of money in integer cents. Balances
-- are always summed from these rows, never stored; a mistake is undone by a correction that
-- reverses it, never by editing or deleting a row.

create table caja_movements (
  id serial primary key,
  -- No cascade: a group or a user with money on the books cannot vanish with it.
  group_id integer not null references groups (id),
  -- The member whose account it moves; null for the pot's own money (a ticket's cost, a prize).
  user_id integer references users (id),
  kind text not null check (kind in ('payment', 'quota', 'ticket', 'prize', 'fine', 'payout', 'correction')),
  -- Signed as the member's balance sees it (the pot's, for a movement of no member): see decision 032.
  amount_cents integer not null check (amount_cents <> 0),
  -- How the money moved (Bizum, efectivo, transferencia…) or what it was for.
  reference text not null default '',
  recorded_by integer references users (id),
  recorded_at timestamptz not null default now(),
  -- A movement is reversed once: the unique index makes a second correction of it impossible.
  reverses_id integer unique references caja_movements (id),
  -- The one-time key of the form (or the automatic charge) that wrote it: sent again, it writes nothing.
  idempotency_key text not null,
  -- The season a movement belongs to, when it has one (quotas, tickets, the settlement).
  season_id integer references seasons (id),
  unique (group_id, idempotency_key),
  check ((kind = 'correction') = (reverses_id is not null)),
  check (kind = 'correction' or (kind in ('payment', 'prize') and amount_cents > 0) or (kind in ('quota', 'fine', 'payout', 'ticket') and amount_cents < 0)),
  check (kind in ('correction', 'prize', 'ticket') or user_id is not null),
  check (kind <> 'ticket' or user_id is null)
);
create index caja_movements_group on caja_movements (group_id, recorded_at desc, id desc);
create index caja_movements_member on caja_movements (group_id, user_id);

-- Append-only: the database itself refuses to change or delete a movement, whoever asks.
create function caja_movements_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'caja_movements es de solo anotación: un movimiento no se cambia ni se borra, se corrige con otro';
end;
$$;
create trigger caja_movements_no_update before update or delete on caja_movements
  for each row execute function caja_movements_append_only();
create trigger caja_movements_no_truncate before truncate on caja_movements
  for each statement execute function caja_movements_append_only();

-- The group's money rules, set by its managers.
create table caja_rules (
  group_id integer primary key references groups (id) on delete cascade,
  -- The quota each member pays; 0: no automatic quotas.
  quota_cents integer not null default 0 check (quota_cents >= 0),
  -- 'round': charged per jornada the member played; 'season': once per season.
  quota_basis text not null default 'round' check (quota_basis in ('round', 'season')),
  -- When the group bet is confirmed, its ticket is paid from the pot.
  pay_ticket boolean not null default false,
  -- A fine for the jornada's last placed player (who stamps the next ticket); 0: none.
  last_place_fine_cents integer not null default 0 check (last_place_fine_cents >= 0),
  -- Members see only the pot and their own account, not the others' balances.
  hide_balances boolean not null default false,
  -- The settlement's defaults follow the information page's 'Logros': a gift of about 5 € for the
  -- season's best, and the piña's penalty, which the office decides (none until it does).
  best_prize_cents integer not null default 500 check (best_prize_cents >= 0),
  pina_penalty_cents integer not null default 0 check (pina_penalty_cents >= 0),
  version integer not null default 1
);

-- A season's settlement: written once per group and season, with its payouts; after it the
-- season's books are closed (no more automatic charges for its rounds).
create table caja_settlements (
  group_id integer not null references groups (id),
  season_id integer not null references seasons (id),
  settled_at timestamptz not null,
  settled_by integer references users (id),
  pot_cents integer not null,
  primary key (group_id, season_id)
);
