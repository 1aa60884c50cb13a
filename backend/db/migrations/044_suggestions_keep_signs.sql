-- Whether the bet page's suggestion («Calcular la mejor colocación», «Aplicar esta colocación») may
-- change the majority's signs (decision 097). Off by default, for every group: a suggestion then only
-- places doubles and triples where multiples go, and every pick it makes holds the majority's sign.
alter table groups add column suggestions_change_signs boolean not null default false;
-- The majority's signs an applied suggestion kept, so the next suggestion keeps the same ones (a double
-- a suggestion made no longer says which of its signs was the single). Null: read them from the bet's
-- picks and votes; an edit of the picks by hand sets it back to null.
alter table bets add column kept_signs jsonb;
