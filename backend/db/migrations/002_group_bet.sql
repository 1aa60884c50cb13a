-- Issue 8, the group bet: what one column of the ticket costs at the lottery shop, set per season.
alter table seasons add column bet_price numeric(6, 2) not null default 0.75;
