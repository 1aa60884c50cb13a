-- Who stamps a week's ticket is fixed when its group bet is confirmed (decision 065): a member who
-- joins later never changes a stamper already shown. Bets confirmed before this column keep the
-- stamper the rota showed for them until now (the confirmed bets before it, counted round the
-- members of today, in the manager's rota then join order), so nothing already shown moves.
alter table bets add column stamper_user_id integer references users (id) on delete set null;

with confirmed as (
  select b.id, b.group_id,
         row_number() over (partition by b.group_id order by q.start_date, q.id) - 1 as n
    from bets b
    join quinielas q on q.id = b.quiniela_id
    join group_quinielas gq on gq.group_id = b.group_id and gq.quiniela_id = b.quiniela_id
   where b.confirmed
), rota as (
  select c.id as bet_id, c.n, m.user_id,
         row_number() over (
           partition by c.id
           order by (select min(e.ord) from jsonb_array_elements_text(coalesce(cr.stamp_rota, '[]'::jsonb)) with ordinality e (v, ord)
                      where e.v = m.user_id::text) nulls last, m.joined_at, m.user_id
         ) - 1 as i,
         count(*) over (partition by c.id) as k
    from confirmed c
    join group_members m on m.group_id = c.group_id and m.removed_at is null
    left join caja_rules cr on cr.group_id = c.group_id
)
update bets set stamper_user_id = rota.user_id
  from rota
 where rota.bet_id = bets.id and rota.i = rota.n % rota.k;
