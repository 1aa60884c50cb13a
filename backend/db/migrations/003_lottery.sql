-- One row per day the scheduled lottery import ran (LOTTERY_AUTO_IMPORT=1): with several backend
-- instances on one PostgreSQL, the first to claim the day runs it, the others skip.
create table lottery_import_runs (
  run_day date primary key,
  started_at timestamptz not null default now()
);
