-- Emails only to people who asked (decision 050).
--
-- 1. Visitor emails are limited per mailbox, not per spelling of an address: `Victim+1@gmail.com`,
--    `v.i.c.t.i.m@googlemail.com` and `victim@gmail.com` are one inbox. public.mailbox_key() is the
--    website's mailboxKey() (src/server/mailbox.ts) in SQL: lower case, the `+tag` removed, and the
--    dots of the local part removed at Gmail only (googlemail.com is Gmail too). The rule of one
--    visitor email per address per ten minutes becomes the website's limits per hour and per day
--    (MAILBOX_EMAILS_PER_HOUR, MAILBOX_EMAILS_PER_DAY), which the website states here at start-up
--    as it states its channels. A lead past them is refused whole: the trigger raises
--    'visitor_mail_limited', the insert rolls back, and the visitor is told why.
-- 2. A re-check request is a new lead when it is a new subscription (a repeat after unsubscribing):
--    the duplicate window compares lead_data.recheck_id, else lead_data.report_id.
-- 3. The re-checks' limit of 3 addresses per email counts the mailbox's subscriptions, and a request
--    refused by the mailbox's limits leaves no pending subscription behind (discard_recheck).
-- 4. A lease that ends more than a minute later than the one a claim grants was granted by a clock
--    ahead (a forward jump, then a crash): it no longer holds a delivery or a re-check for the size
--    of the jump, and counts as expired. The minute is LEASE_CLOCK_SKEW_MS: replicas' clocks differ.

create or replace function public.mailbox_key(p_email text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when strpos(v.e, '@') = 0 then v.e
    when v.d in ('gmail.com', 'googlemail.com')
      then replace(split_part(v.l, '+', 1), '.', '') || '@gmail.com'
    else split_part(v.l, '+', 1) || '@' || v.d
  end
  from (
    select lower(btrim(p_email)) as e,
           substr(lower(btrim(p_email)), 1, strpos(lower(btrim(p_email)), '@') - 1) as l,
           substr(lower(btrim(p_email)), strpos(lower(btrim(p_email)), '@') + 1) as d
  ) as v
$$;

create index if not exists lead_deliveries_visitor_mailbox_idx
  on public.lead_deliveries (public.mailbox_key(recipient), created_at) where channel = 'visitor-email';

-- The website's limits, one row; the defaults are the website's.
create table if not exists public.visitor_mail_limits (
  id integer primary key default 1 check (id = 1),
  per_hour integer not null default 3 check (per_hour >= 1),
  per_day integer not null default 6 check (per_day >= 1),
  updated_at timestamptz not null default now()
);
insert into public.visitor_mail_limits (id) values (1) on conflict (id) do nothing;
alter table public.visitor_mail_limits enable row level security;
revoke all on public.visitor_mail_limits from public, anon, authenticated;
grant select, insert, update, delete on public.visitor_mail_limits to service_role;

create or replace function public.set_visitor_mail_limits(p_per_hour integer, p_per_day integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.visitor_mail_limits
    set per_hour = greatest(coalesce(p_per_hour, 3), 1), per_day = greatest(coalesce(p_per_day, 6), 1),
        updated_at = now()
    where id = 1;
end;
$$;

-- The deliveries of a new lead: as in 20261231000000_recheck_mail.sql, the visitor email under the
-- mailbox's limits.
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
    when 'report' then 'report-summary'
    when 'recheck' then 'recheck-optin'
  end;
  v_mailbox text := public.mailbox_key(new.email);
  v_limits public.visitor_mail_limits;
  v_hour integer;
  v_day integer;
begin
  if exists (select 1 from public.lead_delivery_channels where channel = 'team-email') then
    insert into public.lead_deliveries (lead_id, channel, kind, payload)
    values (new.id, 'team-email', 'team-email', v_payload);
  end if;
  if exists (select 1 from public.lead_delivery_channels where channel = 'webhook') then
    insert into public.lead_deliveries (lead_id, channel, kind, payload)
    values (new.id, 'webhook', 'webhook', v_payload);
  end if;
  -- One transaction at a time per mailbox decides, whichever replica or form sent the lead. The
  -- monthly re-check emails (to confirmed subscribers) are not counted.
  if v_kind is not null
     and exists (select 1 from public.lead_delivery_channels where channel = 'visitor-email') then
    perform pg_advisory_xact_lock(hashtext('lead-visitor-email/' || v_mailbox));
    select * into v_limits from public.visitor_mail_limits where id = 1;
    select count(*) filter (where d.created_at > clock_timestamp() - interval '1 hour'), count(*)
      into v_hour, v_day
      from public.lead_deliveries d
      where d.channel = 'visitor-email'
        and public.mailbox_key(d.recipient) = v_mailbox
        and d.kind <> 'recheck-report'
        and d.created_at > clock_timestamp() - interval '1 day';
    if v_hour >= coalesce(v_limits.per_hour, 3) or v_day >= coalesce(v_limits.per_day, 6) then
      raise exception 'visitor_mail_limited' using hint = 'the mailbox has had its visitor emails for now';
    end if;
    insert into public.lead_deliveries (lead_id, channel, kind, recipient, payload)
    values (new.id, 'visitor-email', v_kind, new.email, v_payload);
  end if;
  return null;
end;
$$;

-- The duplicate window: as in 20261221000000_report_email.sql, the re-check's subscription first.
create or replace function public.leads_fold_recent_duplicate()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_form text := coalesce(new.lead_data ->> 'form_type', '');
  v_detail text := coalesce(new.lead_data ->> 'recheck_id', new.lead_data ->> 'report_id', '');
  v_first uuid;
begin
  -- One submission at a time per email and form, so two simultaneous posts cannot both pass.
  perform pg_advisory_xact_lock(hashtext(lower(new.email) || '/' || v_form));
  select id into v_first
    from public.leads
    where lower(email) = lower(new.email)
      and coalesce(lead_data ->> 'form_type', '') = v_form
      and coalesce(lead_data ->> 'recheck_id', lead_data ->> 'report_id', '') = v_detail
      and created_at > now() - interval '10 minutes'
    order by created_at
    limit 1;
  if v_first is null then
    return new;
  end if;
  update public.leads
    set lead_data = lead_data || jsonb_strip_nulls(new.lead_data - 'submitted_at'),
        name = case when name is null or name = 'Not provided' then coalesce(new.name, name) else name end
    where id = v_first;
  return null;
end;
$$;

-- Re-checks: the mailbox of each subscription, and the limit counted by it.
alter table public.recheck_subscriptions
  add column if not exists mailbox_key text generated always as (public.mailbox_key(email)) stored;
create index if not exists recheck_subscriptions_mailbox_idx
  on public.recheck_subscriptions (mailbox_key) where status in ('pending', 'active');

create or replace function public.request_recheck(
  p_id text,
  p_email text,
  p_address text,
  p_pages integer,
  p_language text,
  p_report_id text,
  p_now timestamptz,
  p_max integer default 3
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_row public.recheck_subscriptions;
  v_others integer;
  v_mailbox text := public.mailbox_key(coalesce(p_email, ''));
begin
  -- Requests for one mailbox are serialised, whatever spelling of its address each one used.
  perform pg_advisory_xact_lock(hashtext('recheck-email/' || v_mailbox));
  select * into v_row from public.recheck_subscriptions r
    where lower(r.email) = lower(p_email) and r.address = p_address and r.status in ('pending', 'active');
  if found then
    return jsonb_build_object('outcome', 'exists', 'subscription', to_jsonb(v_row));
  end if;
  select count(*) into v_others from public.recheck_subscriptions r
    where r.mailbox_key = v_mailbox and r.status in ('pending', 'active');
  if v_others >= coalesce(p_max, 3) then
    return jsonb_build_object('outcome', 'limit');
  end if;
  insert into public.recheck_subscriptions
      (id, email, address, pages, language, status, last_report_id, created_at)
    values (p_id, p_email, p_address, p_pages, p_language, 'pending', p_report_id, p_now)
    returning * into v_row;
  return jsonb_build_object('outcome', 'created', 'subscription', to_jsonb(v_row));
end;
$$;

-- Deletes a subscription still pending whose request was refused before anything was sent (the
-- mailbox's limits): true when it did.
create or replace function public.discard_recheck(p_id text)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
begin
  delete from public.recheck_subscriptions where id = p_id and status = 'pending';
  return found;
end;
$$;

create or replace function public.claim_due_rechecks(
  p_worker text,
  p_now timestamptz,
  p_lease_ms integer,
  p_limit integer
)
returns setof public.recheck_subscriptions
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_until timestamptz;
begin
  if coalesce(p_worker, '') = '' or p_now is null then
    raise exception 'p_worker and p_now are required';
  end if;
  v_until := p_now + greatest(coalesce(p_lease_ms, 1), 1) * interval '1 millisecond';
  return query
    update public.recheck_subscriptions s
      set lease_until = v_until, leased_by = p_worker
      where s.id in (
        select c.id from public.recheck_subscriptions c
          where c.status = 'active'
            and c.next_check_at <= p_now
            and (c.lease_until is null or c.lease_until <= p_now or c.lease_until > v_until + interval '1 minute')
          order by c.next_check_at, c.created_at, c.id
          limit greatest(coalesce(p_limit, 0), 0)
          for update skip locked
      )
      returning s.*;
end;
$$;

-- The outbox's claim: as in 20261210000000_outbox_expired_leases.sql, a lease from a clock ahead of
-- the database's expired too.
create or replace function public.claim_lead_deliveries(
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
  v_until timestamptz := now() + make_interval(secs => greatest(coalesce(p_lease_seconds, 120), 1));
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
            else v_until
          end,
          leased_by = case
            when d.lease_until is not null and d.expired_leases + 1 >= v_max then null
            else p_worker
          end
      where d.id in (
        select c.id from public.lead_deliveries c
          where c.status = 'pending'
            and c.next_attempt_at <= now()
            and (c.lease_until is null or c.lease_until <= now() or c.lease_until > v_until + interval '1 minute')
            and (p_channels is null or c.channel = any (p_channels))
          order by c.next_attempt_at, c.created_at
          limit least(greatest(coalesce(p_limit, 10), 1), 100)
          for update skip locked
      )
      returning d.*;
end;
$$;

-- create or replace keeps the functions' grants; the new ones are the service_role's alone.
revoke all on function public.leads_enqueue_deliveries() from public, anon, authenticated;
revoke all on function public.leads_fold_recent_duplicate() from public, anon, authenticated;
revoke all on function public.set_visitor_mail_limits(integer, integer) from public, anon, authenticated;
revoke all on function public.discard_recheck(text) from public, anon, authenticated;
grant execute on function public.discard_recheck(text) to service_role;
grant execute on function public.set_visitor_mail_limits(integer, integer) to service_role;
revoke all on function public.claim_lead_deliveries(text, integer, integer, text[], integer)
  from public, anon, authenticated;
grant execute on function public.claim_lead_deliveries(text, integer, integer, text[], integer) to service_role;
