-- One name per thing (decision 096). The word of migrations 021 and 022 named two things: a peña's
-- standing rule for the week (the week room's) and the official room's log of what the machine did.
-- Each table now carries its room's name; the applied migrations keep theirs. Constraints, indexes
-- and the log's sequence follow their table, so nothing in the schema says the old word.

-- The week room's rule, one row per peña.
alter table group_automation rename to group_week_rules;
alter table group_week_rules rename constraint group_automation_pkey to group_week_rules_pkey;
alter table group_week_rules rename constraint group_automation_group_id_fkey to group_week_rules_group_id_fkey;
alter table group_week_rules rename constraint group_automation_open_at_check to group_week_rules_open_at_check;
alter table group_week_rules rename constraint group_automation_open_weekday_check to group_week_rules_open_weekday_check;
alter table group_week_rules rename constraint group_automation_close_before_minutes_check to group_week_rules_close_before_minutes_check;
alter table group_week_rules rename constraint group_automation_bet_rule_check to group_week_rules_bet_rule_check;
alter table group_week_rules rename constraint group_automation_top_n_check to group_week_rules_top_n_check;
alter table group_week_rules rename constraint group_automation_absent_fill_check to group_week_rules_absent_fill_check;
alter table group_week_rules rename constraint group_automation_absent_max_check to group_week_rules_absent_max_check;

-- The official room's step log and its claim rows per scheduled slot.
alter table automation_steps rename to official_steps;
alter table official_steps rename constraint automation_steps_pkey to official_steps_pkey;
alter table official_steps rename constraint automation_steps_step_key_key to official_steps_step_key_key;
alter table official_steps rename constraint automation_steps_quiniela_id_fkey to official_steps_quiniela_id_fkey;
alter table official_steps rename constraint automation_steps_group_id_fkey to official_steps_group_id_fkey;
alter table official_steps rename constraint automation_steps_outcome_check to official_steps_outcome_check;
alter index automation_steps_at rename to official_steps_at;
alter sequence automation_steps_id_seq rename to official_steps_id_seq;

alter table automation_runs rename to official_runs;
alter table official_runs rename constraint automation_runs_pkey to official_runs_pkey;

-- The audit trail's entries for a saved rule take the rule's name, as the code now writes them.
update audit_log set action = 'group.week-rule' where action = 'group.automation';
