-- The mail policy of a public instance (decision 078).
--
-- An account mails other people (invitations, a members file with addresses) only once it has
-- proved its own address: the link sent to it was opened, or an admin made it, or it is the first
-- admin, or it claimed a placeholder with the link mailed to that address. The accounts that exist
-- when this runs count as proved, so the demo and running deployments keep working.
alter table users add column email_proved_at timestamptz;
update users set email_proved_at = now() where not placeholder;

-- Every mail the app sends at someone's request to an address other than the asker's own session
-- (a claim link, a reset link, an invitation, a sign-up notice, a proof link), and every request
-- that names an address and could have mailed it (a reset for an address with no account counts
-- too, so the allowance answers alike for every address): the allowances read these rows, in the
-- database, so every instance counts the same. `address` is lower-cased; `sender_id` is the
-- signed-in account that asked (null for a stranger), `client` the address the request came from.
create table mail_requests (
  id bigserial primary key,
  at timestamptz not null,
  route text not null,
  address text not null,
  sender_id integer references users (id) on delete set null,
  client text
);
create index mail_requests_address on mail_requests (address, at);
create index mail_requests_sender on mail_requests (sender_id, at) where sender_id is not null;
create index mail_requests_client on mail_requests (client, at) where client is not null;
