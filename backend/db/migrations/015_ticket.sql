-- The group bet as the lottery shop takes it (decision 034): the official reduction it is played
-- through (null: the full multiple) and the pleno marks per team the manager chose (null: the one
-- mark of each side of the bet's pleno). Both belong to the bet and change with its version.
alter table bets add column reduction smallint check (reduction between 1 and 6);
alter table bets add column pleno_marks jsonb;
