-- The operator's clubs by their own ids (decision 091). The lottery operator's answers carry a stable
-- id per club (`idLocal`/`idVisitante` in a draw's matches) while its names vary within one answer
-- («Racing Santander (M)» / «Racing De Santander (M)»). A team keeps the id once a jornada named it
-- beside a name that is the team's, or once the admin said which team a spelling is; the import then
-- matches on the id before the name. One id is one club: the column is unique, and an id is never
-- moved from one team to another by itself.
alter table teams add column operator_id text;
create unique index teams_operator_id on teams (operator_id);
