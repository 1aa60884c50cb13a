-- La caja's customs (decision 032): the order in which members stamp the ticket at the lottery
-- shop, as the manager set it (user ids, first stamps first). Empty: the members in join order.
-- Members the list leaves out follow it in join order; members who left are skipped.
alter table caja_rules add column stamp_rota jsonb not null default '[]';
