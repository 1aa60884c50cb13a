-- Notices of what changed, for the versions a web instance holds in memory (decision 077): every
-- write to a table that a kept page's version reads (the live page's, the standings', results and
-- bets', the caller's token and role) says, once it is committed, which group or user it concerns,
-- or '*' for what every group may show (a pool, its results and scores, a season). PostgreSQL
-- delivers a notice only after the commit, once per distinct text in a transaction, to every
-- instance listening; PGlite to its own process.
create function version_notice() returns trigger language plpgsql as $$
declare
  r jsonb;
  subject text;
begin
  if tg_level = 'STATEMENT' then
    perform pg_notify('quiniela_versions', '*');
    return null;
  end if;
  foreach r in array array[case when tg_op <> 'INSERT' then to_jsonb(old) end, case when tg_op <> 'DELETE' then to_jsonb(new) end] loop
    continue when r is null;
    subject := case tg_argv[0]
      when 'group' then 'g:' || (r ->> 'group_id')
      when 'group-row' then 'g:' || (r ->> 'id')
      when 'bet' then 'g:' || (select b.group_id from bets b where b.id = (r ->> 'bet_id')::int)
      when 'user' then 'u:' || (r ->> 'user_id')
      when 'user-row' then 'u:' || (r ->> 'id')
    end;
    -- A row without its group (a pool-wide provisional score, a bet already gone) concerns every group.
    perform pg_notify('quiniela_versions', coalesce(subject, '*'));
  end loop;
  return null;
end $$;

create trigger groups_notice after insert or update or delete on groups for each row execute function version_notice('group-row');
create trigger group_members_notice after insert or update or delete on group_members for each row execute function version_notice('group');
create trigger group_quinielas_notice after insert or update or delete on group_quinielas for each row execute function version_notice('group');
create trigger bets_notice after insert or update or delete on bets for each row execute function version_notice('group');
create trigger bet_participants_notice after insert or update or delete on bet_participants for each row execute function version_notice('bet');
create trigger predictions_notice after insert or update or delete on predictions for each row execute function version_notice('group');
create trigger standings_sets_notice after insert or update or delete on standings_sets for each row execute function version_notice('group');
create trigger provisional_results_notice after insert or update or delete on provisional_results for each row execute function version_notice('group');
create trigger provisional_clears_notice after insert or update or delete on provisional_clears for each row execute function version_notice('all');
create trigger quinielas_notice after insert or update or delete on quinielas for each row execute function version_notice('all');
create trigger quiniela_results_notice after insert or update or delete on quiniela_results for each row execute function version_notice('all');
create trigger quiniela_matches_notice after insert or update or delete on quiniela_matches for each row execute function version_notice('all');
create trigger quiniela_prizes_notice after insert or update or delete on quiniela_prizes for each row execute function version_notice('all');
create trigger quiniela_prize_sets_notice after insert or update or delete on quiniela_prize_sets for each row execute function version_notice('all');
create trigger seasons_notice after insert or update or delete on seasons for each row execute function version_notice('all');
-- A new token changes nobody's version; a token taken back or a user changed (an admin no more) does.
create trigger auth_tokens_notice after update or delete on auth_tokens for each row execute function version_notice('user');
create trigger users_notice after update or delete on users for each row execute function version_notice('user-row');

create trigger groups_truncated after truncate on groups for each statement execute function version_notice();
create trigger group_members_truncated after truncate on group_members for each statement execute function version_notice();
create trigger group_quinielas_truncated after truncate on group_quinielas for each statement execute function version_notice();
create trigger bets_truncated after truncate on bets for each statement execute function version_notice();
create trigger bet_participants_truncated after truncate on bet_participants for each statement execute function version_notice();
create trigger predictions_truncated after truncate on predictions for each statement execute function version_notice();
create trigger standings_sets_truncated after truncate on standings_sets for each statement execute function version_notice();
create trigger provisional_results_truncated after truncate on provisional_results for each statement execute function version_notice();
create trigger provisional_clears_truncated after truncate on provisional_clears for each statement execute function version_notice();
create trigger quinielas_truncated after truncate on quinielas for each statement execute function version_notice();
create trigger quiniela_results_truncated after truncate on quiniela_results for each statement execute function version_notice();
create trigger quiniela_matches_truncated after truncate on quiniela_matches for each statement execute function version_notice();
create trigger quiniela_prizes_truncated after truncate on quiniela_prizes for each statement execute function version_notice();
create trigger quiniela_prize_sets_truncated after truncate on quiniela_prize_sets for each statement execute function version_notice();
create trigger seasons_truncated after truncate on seasons for each statement execute function version_notice();
create trigger auth_tokens_truncated after truncate on auth_tokens for each statement execute function version_notice();
create trigger users_truncated after truncate on users for each statement execute function version_notice();
