-- Deliveries that cannot loop (decision 021). A lease that expires means its worker died or froze
-- during the attempt (complete_lead_delivery, fail_lead_delivery and retry_lead_deliveries all
-- clear it): claim_lead_deliveries now counts that lost attempt, and fails the delivery instead of
-- leasing it again once its lease has expired p_max_expired_leases times. Before this, a delivery
-- that crashed its worker was leased again every time the lease ran out, with `attempts` still 0,
-- and took the site down every 2 minutes for ever.

alter table public.lead_deliveries
  add column if not exists expired_leases integer not null default 0;

comment on column public.lead_deliveries.expired_leases is
  'Leases that expired without an outcome since creation or the last retry; the delivery fails at p_max_expired_leases.';

-- A new parameter is a new signature: the old function goes, so PostgREST has one to call.
drop function if exists public.claim_lead_deliveries(text, integer, integer, text[]);

-- Leases up to p_limit due deliveries nobody holds (of the given channels, all when null) to
-- p_worker for p_lease_seconds, and returns them. Rows another transaction is leasing right now are
-- skipped, so simultaneous callers get disjoint sets. A returned row whose status is 'failed' was
-- failed by this call (its lease expired once too often): the caller reports it and sends nothing.
-- SET expressions read the row as it was before the update.
create function public.claim_lead_deliveries(
  p_worker text,
  p_limit integer default 10,
  p_lease_seconds integer default 120,
  p_channels text[] default null,
  p_max_expired_leases integer default 3
)
returns setof public.lead_deliveries
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_max integer := greatest(coalesce(p_max_expired_leases, 3), 1);
begin
  if coalesce(p_worker, '') = '' then
    raise exception 'p_worker is required';
  end if;
  return query
    update public.lead_deliveries d
      set attempts = d.attempts + case when d.lease_until is not null then 1 else 0 end,
          expired_leases = d.expired_leases + case when d.lease_until is not null then 1 else 0 end,
          last_error = case
            when d.lease_until is not null then format(
              'lease expired without an outcome (the worker stopped or froze during the attempt), %s of %s',
              d.expired_leases + 1, v_max)
            else d.last_error
          end,
          status = case
            when d.lease_until is not null and d.expired_leases + 1 >= v_max then 'failed'
            else d.status
          end,
          lease_until = case
            when d.lease_until is not null and d.expired_leases + 1 >= v_max then null
            else now() + make_interval(secs => greatest(coalesce(p_lease_seconds, 120), 1))
          end,
          leased_by = case
            when d.lease_until is not null and d.expired_leases + 1 >= v_max then null
            else p_worker
          end
      where d.id in (
        select c.id from public.lead_deliveries c
          where c.status = 'pending'
            and c.next_attempt_at <= now()
            and (c.lease_until is null or c.lease_until <= now())
            and (p_channels is null or c.channel = any (p_channels))
          order by c.next_attempt_at, c.created_at
          limit least(greatest(coalesce(p_limit, 10), 1), 100)
          for update skip locked
      )
      returning d.*;
end;
$$;

-- Operators: as before, and the count of expired leases starts again too.
create or replace function public.retry_lead_deliveries(p_id uuid default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  update public.lead_deliveries
    set status = 'pending', next_attempt_at = now(), retried_at = now(), lease_until = null,
        leased_by = null, expired_leases = 0
    where (p_id is null and status = 'failed')
       or (p_id is not null and id = p_id
           and (status = 'failed' or (status = 'pending' and (lease_until is null or lease_until <= now()))));
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

revoke all on function public.claim_lead_deliveries(text, integer, integer, text[], integer)
  from public, anon, authenticated;
grant execute on function public.claim_lead_deliveries(text, integer, integer, text[], integer) to service_role;
