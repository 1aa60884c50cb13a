-- 'Iconos y premios de oficina' (icons and office prizes apply only to the IT
-- office's players, decision 008). Groups that existed before this setting keep showing the icons they always
-- showed; a group created from now on starts without them until a manager turns them on.
alter table groups add column office_icons boolean not null default true;
alter table groups alter column office_icons set default false;
