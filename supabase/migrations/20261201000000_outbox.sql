-- Lead delivery outbox (design §14). Every lead inserted into public.leads (by the website's contact
-- and newsletter inserts, or by create_free_audit_from_form) gets its deliveries in the same
-- transaction, from an AFTER INSERT trigger: a repeat folded away by leads_fold_recent_duplicate is
-- never inserted, so it causes no delivery. The website's worker, holding the service_role key,
-- leases due deliveries with claim_lead_deliveries (several replicas may drain one outbox: a delivery
-- is leased by one at a time) and records each attempt with complete_lead_delivery or
-- fail_lead_delivery. The anon key is public: it can reach none of this.

-- Which channels get a delivery for each new lead. The worker states them at start-up
-- (set_lead_delivery_channels); empty means leads are only stored.
create table if not exists public.lead_delivery_channels (
  channel text primary key check (channel in ('team-email', 'webhook', 'visitor-email')),
  updated_at timestamptz not null default now()
);

create table if not exists public.lead_deliveries (
  -- Stable across retries: the webhook-id and the email's Message-ID.
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null references public.leads (id) on delete cascade,
  channel text not null check (channel in ('team-email', 'webhook', 'visitor-email')),
  kind text not null check (
    kind in ('team-email', 'webhook', 'waitlist-confirmation', 'contact-ack', 'newsletter-optin')
  ),
  -- The visitor's address for visitor emails; null for the team channels (the website's settings decide).
  recipient text,
  -- {form, language, lead}: the lead as stored.
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  lease_until timestamptz,
  leased_by text,
  last_error text,
  created_at timestamptz not null default now(),
  -- Set when an operator puts a delivery back to pending: the retry schedule starts again from here.
  retried_at timestamptz,
  delivered_at timestamptz,
  check ((channel = 'visitor-email') = (kind in ('waitlist-confirmation', 'contact-ack', 'newsletter-optin'))),
  check (channel = 'visitor-email' or kind = channel)
);

comment on table public.lead_deliveries is 'Lead delivery outbox: one row per lead and channel (team email, webhook, visitor email).';

create index if not exists lead_deliveries_due_idx on public.lead_deliveries (next_attempt_at) where status = 'pending';
create index if not exists lead_deliveries_lead_idx on public.lead_deliveries (lead_id);
create index if not exists lead_deliveries_visitor_idx
  on public.lead_deliveries (lower(recipient), created_at) where channel = 'visitor-email';

-- Supabase grants new tables to anon and authenticated by default: take that back. Row-level
-- security with no policy is a second lock; the service_role bypasses it (dashboards, operators).
alter table public.lead_deliveries enable row level security;
alter table public.lead_delivery_channels enable row level security;
revoke all on public.lead_deliveries from public, anon, authenticated;
revoke all on public.lead_delivery_channels from public, anon, authenticated;
grant select, insert, update, delete on public.lead_deliveries to service_role;
grant select, insert, update, delete on public.lead_delivery_channels to service_role;

-- The deliveries of a new lead, in the insert's transaction. security definer: the anonymous role
-- inserting the lead may not touch the outbox itself.
create or replace function public.leads_enqueue_deliveries()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_form text := coalesce(nullif(new.lead_data ->> 'form_type', ''), 'unknown');
  v_payload jsonb := jsonb_build_object('form', v_form, 'language', new.language, 'lead', to_jsonb(new));
  v_kind text := case v_form
    when 'waitlist' then 'waitlist-confirmation'
    when 'contact' then 'contact-ack'
    when 'newsletter' then 'newsletter-optin'
  end;
begin
  if exists (select 1 from public.lead_delivery_channels where channel = 'team-email') then
    insert into public.lead_deliveries (lead_id, channel, kind, payload)
    values (new.id, 'team-email', 'team-email', v_payload);
  end if;
  if exists (select 1 from public.lead_delivery_channels where channel = 'webhook') then
    insert into public.lead_deliveries (lead_id, channel, kind, payload)
    values (new.id, 'webhook', 'webhook', v_payload);
  end if;
  -- At most one visitor email per recipient per ten minutes, whichever replica or form sent the lead:
  -- one transaction at a time per address decides.
  if v_kind is not null
     and exists (select 1 from public.lead_delivery_channels where channel = 'visitor-email') then
    perform pg_advisory_xact_lock(hashtext('lead-visitor-email/' || lower(new.email)));
    if not exists (
      select 1 from public.lead_deliveries
      where channel = 'visitor-email'
        and lower(recipient) = lower(new.email)
        and created_at > clock_timestamp() - interval '10 minutes'
    ) then
      insert into public.lead_deliveries (lead_id, channel, kind, recipient, payload)
      values (new.id, 'visitor-email', v_kind, new.email, v_payload);
    end if;
  end if;
  return null;
end;
$$;

drop trigger if exists leads_enqueue_deliveries on public.leads;
create trigger leads_enqueue_deliveries
  after insert on public.leads
  for each row execute function public.leads_enqueue_deliveries();

-- A repeat folded into its first row (a waitlist note sent after the sign-up) updates that row:
-- deliveries not yet attempted carry the lead as it is now.
create or replace function public.leads_refresh_pending_deliveries()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.lead_deliveries
    set payload = jsonb_set(payload, '{lead}', to_jsonb(new))
    where lead_id = new.id
      and status = 'pending'
      and attempts = 0
      and (lease_until is null or lease_until <= now());
  return null;
end;
$$;

drop trigger if exists leads_refresh_pending_deliveries on public.leads;
create trigger leads_refresh_pending_deliveries
  after update on public.leads
  for each row execute function public.leads_refresh_pending_deliveries();

-- The channels on (the website's worker calls this before its first lease).
create or replace function public.set_lead_delivery_channels(p_channels text[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.lead_delivery_channels where not (channel = any (coalesce(p_channels, '{}')));
  insert into public.lead_delivery_channels (channel)
    select distinct c from unnest(coalesce(p_channels, '{}')) as c
    on conflict (channel) do nothing;
end;
$$;

-- Leases up to p_limit due deliveries nobody holds (of the given channels, all when null) to
-- p_worker for p_lease_seconds, and returns them. Rows another transaction is leasing right now are
-- skipped, so simultaneous callers get disjoint sets.
create or replace function public.claim_lead_deliveries(
  p_worker text,
  p_limit integer default 10,
  p_lease_seconds integer default 120,
  p_channels text[] default null
)
returns setof public.lead_deliveries
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(p_worker, '') = '' then
    raise exception 'p_worker is required';
  end if;
  return query
    update public.lead_deliveries d
      set lease_until = now() + make_interval(secs => greatest(coalesce(p_lease_seconds, 120), 1)),
          leased_by = p_worker
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

-- A success, recorded only by the lease holder; false when the lease was lost.
create or replace function public.complete_lead_delivery(p_id uuid, p_worker text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.lead_deliveries
    set status = 'delivered', attempts = attempts + 1, delivered_at = now(), lease_until = null, leased_by = null
    where id = p_id and leased_by = p_worker and status = 'pending';
  return found;
end;
$$;

-- A failed attempt: pending again at p_retry_at, or dead ('failed') when p_retry_at is null.
create or replace function public.fail_lead_delivery(
  p_id uuid,
  p_worker text,
  p_error text,
  p_retry_at timestamptz
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.lead_deliveries
    set attempts = attempts + 1,
        last_error = left(coalesce(p_error, 'unknown error'), 1000),
        status = case when p_retry_at is null then 'failed' else 'pending' end,
        next_attempt_at = coalesce(p_retry_at, next_attempt_at),
        lease_until = null,
        leased_by = null
    where id = p_id and leased_by = p_worker and status = 'pending';
  return found;
end;
$$;

-- Operators: one delivery (failed, or pending and not leased), or every failed one when p_id is
-- null, back to pending and due now, with a fresh retry schedule. Returns how many changed.
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
    set status = 'pending', next_attempt_at = now(), retried_at = now(), lease_until = null, leased_by = null
    where (p_id is null and status = 'failed')
       or (p_id is not null and id = p_id
           and (status = 'failed' or (status = 'pending' and (lease_until is null or lease_until <= now()))));
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- Functions are executable by PUBLIC by default, and Supabase also grants new functions to anon and
-- authenticated: only the service_role may call these.
revoke all on function public.leads_enqueue_deliveries() from public, anon, authenticated;
revoke all on function public.leads_refresh_pending_deliveries() from public, anon, authenticated;
revoke all on function public.set_lead_delivery_channels(text[]) from public, anon, authenticated;
revoke all on function public.claim_lead_deliveries(text, integer, integer, text[]) from public, anon, authenticated;
revoke all on function public.complete_lead_delivery(uuid, text) from public, anon, authenticated;
revoke all on function public.fail_lead_delivery(uuid, text, text, timestamptz) from public, anon, authenticated;
revoke all on function public.retry_lead_deliveries(uuid) from public, anon, authenticated;
grant execute on function public.set_lead_delivery_channels(text[]) to service_role;
grant execute on function public.claim_lead_deliveries(text, integer, integer, text[]) to service_role;
grant execute on function public.complete_lead_delivery(uuid, text) to service_role;
grant execute on function public.fail_lead_delivery(uuid, text, text, timestamptz) to service_role;
grant execute on function public.retry_lead_deliveries(uuid) to service_role;
