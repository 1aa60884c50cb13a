-- Past jornadas from a peña's jornadas file (issue 38 item 4, decision 059): its preview waits in
-- import_drafts like the other kinds until the manager confirms it.
alter table import_drafts drop constraint import_drafts_kind_check;
alter table import_drafts add constraint import_drafts_kind_check check (kind in ('members', 'picks', 'movements', 'jornadas'));
