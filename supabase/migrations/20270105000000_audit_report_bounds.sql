-- Bounded saved reports (issue 34, decision 048). A hostile site once made one 25-page report of
-- 1.74 MB, and nothing bounded how many reports one visitor could keep: the disk filled. Now each
-- report's size is a column (`bytes`, the result's UTF-8 length, measured by the database), so the
-- store's total is one sum and never a read of the JSON; who asked for it is a keyed hash of the
-- visitor's address for the day (`visitor_key`, made by the website; never the address itself;
-- null for a monthly re-check), so the website caps reports per visitor and day; and one function
-- saves a report within both bounds in one transaction.

alter table public.audit_reports add column if not exists visitor_key text;
alter table public.audit_reports add column if not exists bytes integer not null default 0;
-- The report a monthly re-check's report follows (its subscription's last report): its page
-- compares with that one and links it.
alter table public.audit_reports add column if not exists follows_id text
  check (follows_id is null or follows_id ~ '^[0-9a-f]{32}$');
update public.audit_reports set bytes = octet_length(result) where bytes = 0;

create index if not exists audit_reports_visitor_idx
  on public.audit_reports (visitor_key) where visitor_key is not null;
-- The total and the oldest reports first.
create index if not exists audit_reports_age_idx on public.audit_reports (created_at, id) include (bytes);
-- Whether a lead or an open re-check still refers to a report (not anonymous: never evicted).
create index if not exists leads_report_id_idx
  on public.leads ((lead_data ->> 'report_id')) where lead_data ? 'report_id';
create index if not exists recheck_subscriptions_report_idx on public.recheck_subscriptions (last_report_id);

-- The functions below read the leads to know which reports are referred to.
grant select on public.leads to service_role;

-- The previous save function measures the size too, so a server of the previous version, still
-- running during a deployment, saves reports the budget counts.
create or replace function public.save_audit_report(
  p_id text,
  p_address text,
  p_pages integer,
  p_overall integer,
  p_result text,
  p_created_at timestamptz,
  p_expires_at timestamptz
)
returns void
language sql
security invoker
set search_path = ''
as $$
  insert into public.audit_reports (id, address, pages, overall, result, created_at, expires_at, bytes)
  values (p_id, p_address, p_pages, p_overall, p_result, p_created_at, p_expires_at, octet_length(p_result));
$$;

-- Saves a report within its bounds and says what it did:
-- 'daily' (not saved): p_visitor_key already has p_per_visitor reports;
-- 'full' (not saved): past p_budget_bytes, even with every anonymous report deleted;
-- 'saved': saved, after deleting the oldest anonymous reports while the total was over the budget.
-- A report is not anonymous while an open (pending or active) re-check subscription names it as its
-- last report, or a lead names it in lead_data.report_id ("Email me this report", a re-check
-- request). A null p_visitor_key or p_per_visitor means no cap, a null p_budget_bytes no budget.
-- Saves take one transaction-scoped lock, one at a time: two saves can neither both pass a cap the
-- other fills nor both delete for the same excess.
create or replace function public.save_bounded_audit_report(
  p_id text,
  p_address text,
  p_pages integer,
  p_overall integer,
  p_result text,
  p_created_at timestamptz,
  p_expires_at timestamptz,
  p_visitor_key text,
  p_follows_id text,
  p_per_visitor integer,
  p_budget_bytes bigint
)
returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_total bigint;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.audit_reports: bounded saves'));
  if p_visitor_key is not null and p_per_visitor is not null
     and (select count(*) from public.audit_reports r where r.visitor_key = p_visitor_key) >= p_per_visitor then
    return 'daily';
  end if;
  insert into public.audit_reports
    (id, address, pages, overall, result, created_at, expires_at, visitor_key, follows_id, bytes)
  values (p_id, p_address, p_pages, p_overall, p_result, p_created_at, p_expires_at, p_visitor_key,
          p_follows_id, octet_length(p_result));
  if p_budget_bytes is null then
    return 'saved';
  end if;
  select coalesce(sum(r.bytes), 0) into v_total from public.audit_reports r;
  if v_total <= p_budget_bytes then
    return 'saved';
  end if;
  -- The oldest anonymous reports, as few as make up the excess (a running sum, oldest first).
  delete from public.audit_reports
    where id in (
      select e.id from (
        select r.id, r.bytes,
               sum(r.bytes) over (order by r.created_at, r.id rows unbounded preceding) as running
        from public.audit_reports r
        where r.id <> p_id
          and not exists (
            select 1 from public.recheck_subscriptions s
            where s.last_report_id = r.id and s.status in ('pending', 'active'))
          and not exists (
            select 1 from public.leads l
            where l.lead_data ? 'report_id' and l.lead_data ->> 'report_id' = r.id)
      ) e
      where e.running - e.bytes < v_total - p_budget_bytes
    );
  select coalesce(sum(r.bytes), 0) into v_total from public.audit_reports r;
  if v_total > p_budget_bytes then
    delete from public.audit_reports where id = p_id;
    return 'full';
  end if;
  return 'saved';
end;
$$;

-- The reports' total size in bytes, as the budget counts it.
create or replace function public.audit_reports_total_bytes()
returns bigint
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(sum(r.bytes), 0)::bigint from public.audit_reports r;
$$;

revoke all on function public.save_bounded_audit_report(text, text, integer, integer, text, timestamptz, timestamptz, text, text, integer, bigint) from public, anon, authenticated;
revoke all on function public.audit_reports_total_bytes() from public, anon, authenticated;
grant execute on function public.save_bounded_audit_report(text, text, integer, integer, text, timestamptz, timestamptz, text, text, integer, bigint) to service_role;
grant execute on function public.audit_reports_total_bytes() to service_role;
