-- Monthly re-check subscriptions (issue 23, design §15). A person asks for an audited address to be
-- re-checked every month, confirms by the link sent to their email (double opt-in, like the
-- newsletter), and the website's server re-audits it, saves the new report and emails what changed
-- until the one-click unsubscribe. The id (128 random bits, 32 lowercase hexadecimal digits) is the
-- key of the confirm and unsubscribe links. At most 3 addresses per email are pending or active.
--
-- Like audit_reports: only the website's server reaches this, with the service_role key, through the
-- functions below; the anon key is public and reaches none of it. Times come from the website (the
-- `now` of each call), like the embedded store's, so both stores answer the same question the same
-- way. The re-check job leases due subscriptions (several replicas never re-check one twice), like
-- the lead outbox.

create table if not exists public.recheck_subscriptions (
  id text primary key check (id ~ '^[0-9a-f]{32}$'),
  -- As given; compared without regard to case (lower(email)).
  email text not null check (
    char_length(email) between 3 and 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'
  ),
  -- The audited address as the website normalised it, compared exactly.
  address text not null check (char_length(address) between 1 and 2048),
  pages integer not null check (pages >= 1),
  language text not null check (language in ('en', 'fr')),
  status text not null check (status in ('pending', 'active', 'unsubscribed')),
  -- The saved report the next re-check is compared with (no foreign key: reports expire and are purged).
  last_report_id text not null check (last_report_id ~ '^[0-9a-f]{32}$'),
  created_at timestamptz not null,
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  next_check_at timestamptz,
  last_checked_at timestamptz,
  lease_until timestamptz,
  leased_by text,
  -- Only an active subscription is due; it was confirmed; an ended one says when it ended.
  check ((status = 'active') = (next_check_at is not null)),
  check (status <> 'active' or confirmed_at is not null),
  check ((status = 'unsubscribed') = (unsubscribed_at is not null)),
  -- A lease has a holder and an end, and only an active subscription has one.
  check ((leased_by is null) = (lease_until is null)),
  check (leased_by is null or status = 'active')
);

comment on table public.recheck_subscriptions is 'Monthly re-checks of an audited address for an email: pending until confirmed, active, then unsubscribed.';

-- The per-email limit and "this email already has this address".
create index if not exists recheck_subscriptions_email_idx on public.recheck_subscriptions (lower(email));
-- One open subscription per email and address: request_recheck's own check, kept by the table too.
create unique index if not exists recheck_subscriptions_open_idx
  on public.recheck_subscriptions (lower(email), address) where status in ('pending', 'active');
-- claim_due_rechecks.
create index if not exists recheck_subscriptions_due_idx on public.recheck_subscriptions (status, next_check_at);
-- list_recheck_subscriptions and purge_unconfirmed_rechecks.
create index if not exists recheck_subscriptions_created_idx on public.recheck_subscriptions (created_at);

-- Supabase grants new tables to anon and authenticated by default: take that back. Row-level
-- security with no policy is a second lock; the service_role bypasses it (dashboards, operators).
alter table public.recheck_subscriptions enable row level security;
revoke all on public.recheck_subscriptions from public, anon, authenticated;
grant select, insert, update, delete on public.recheck_subscriptions to service_role;

-- The functions run as their caller (security invoker), as audit_reports' do: only the service_role
-- may call them, and even a grant made by mistake would open nothing, as the caller still needs the
-- table's grants.

-- A new pending subscription, unless the email (any case) already has this address pending or active
-- ('exists', with it) or p_max other addresses pending or active ('limit', nothing stored). Requests
-- for one email are serialised by a transaction-level advisory lock, so the check and the insert see
-- the same rows whichever replica asks: simultaneous requests never exceed the limit.
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
begin
  perform pg_advisory_xact_lock(hashtext('recheck-email/' || lower(coalesce(p_email, ''))));
  select * into v_row from public.recheck_subscriptions r
    where lower(r.email) = lower(p_email) and r.address = p_address and r.status in ('pending', 'active');
  if found then
    return jsonb_build_object('outcome', 'exists', 'subscription', to_jsonb(v_row));
  end if;
  select count(*) into v_others from public.recheck_subscriptions r
    where lower(r.email) = lower(p_email) and r.address <> p_address and r.status in ('pending', 'active');
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

-- A pending subscription becomes active, its first re-check due at p_first_check_at: 'confirmed';
-- else 'already' (active), 'unsubscribed' or 'unknown'. The update locks the row, so of two
-- simultaneous confirms one answers 'confirmed' and the other 'already'.
create or replace function public.confirm_recheck(
  p_id text,
  p_now timestamptz,
  p_first_check_at timestamptz
)
returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_status text;
begin
  if p_now is null or p_first_check_at is null then
    raise exception 'p_now and p_first_check_at are required';
  end if;
  update public.recheck_subscriptions
    set status = 'active', confirmed_at = p_now, next_check_at = p_first_check_at
    where id = p_id and status = 'pending';
  if found then
    return 'confirmed';
  end if;
  select r.status into v_status from public.recheck_subscriptions r where r.id = p_id;
  return case v_status when 'active' then 'already' when 'unsubscribed' then 'unsubscribed' else 'unknown' end;
end;
$$;

-- Ends a pending or active subscription for good: 'unsubscribed'; else 'already' or 'unknown'. Its
-- lease goes too: a re-check running now can no longer complete it.
create or replace function public.unsubscribe_recheck(p_id text, p_now timestamptz)
returns text
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if p_now is null then
    raise exception 'p_now is required';
  end if;
  update public.recheck_subscriptions
    set status = 'unsubscribed', unsubscribed_at = p_now, next_check_at = null, lease_until = null,
        leased_by = null
    where id = p_id and status <> 'unsubscribed';
  if found then
    return 'unsubscribed';
  end if;
  return case when exists (select 1 from public.recheck_subscriptions r where r.id = p_id)
    then 'already' else 'unknown' end;
end;
$$;

-- The subscription with this id (no row when there is none).
create or replace function public.get_recheck_subscription(p_id text)
returns setof public.recheck_subscriptions
language sql
stable
security invoker
set search_path = ''
as $$
  select * from public.recheck_subscriptions r where r.id = p_id;
$$;

-- Leases up to p_limit active subscriptions due at p_now that nobody holds (or whose lease expired)
-- to p_worker for p_lease_ms milliseconds, the earliest due first, and returns them. Rows another
-- transaction is leasing right now are skipped, so simultaneous callers get disjoint sets.
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
begin
  if coalesce(p_worker, '') = '' or p_now is null then
    raise exception 'p_worker and p_now are required';
  end if;
  return query
    update public.recheck_subscriptions s
      set lease_until = p_now + greatest(coalesce(p_lease_ms, 1), 1) * interval '1 millisecond',
          leased_by = p_worker
      where s.id in (
        select c.id from public.recheck_subscriptions c
          where c.status = 'active'
            and c.next_check_at <= p_now
            and (c.lease_until is null or c.lease_until <= p_now)
          order by c.next_check_at, c.created_at, c.id
          limit greatest(coalesce(p_limit, 0), 0)
          for update skip locked
      )
      returning s.*;
end;
$$;

-- The lease holder records a finished re-check (the new report, when, the next due time) and the
-- lease ends. False when it no longer holds it (taken over, or unsubscribed meanwhile).
create or replace function public.complete_recheck(
  p_id text,
  p_worker text,
  p_report_id text,
  p_at timestamptz,
  p_next_check_at timestamptz
)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
begin
  update public.recheck_subscriptions
    set last_report_id = p_report_id, last_checked_at = p_at, next_check_at = p_next_check_at,
        lease_until = null, leased_by = null
    where id = p_id and leased_by = p_worker and status = 'active';
  return found;
end;
$$;

-- The lease holder gives up for now: due again at p_retry_at, the lease ends. False when it no
-- longer holds it.
create or replace function public.release_recheck(p_id text, p_worker text, p_retry_at timestamptz)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
begin
  update public.recheck_subscriptions
    set next_check_at = p_retry_at, lease_until = null, leased_by = null
    where id = p_id and leased_by = p_worker and status = 'active';
  return found;
end;
$$;

-- Every subscription, newest first (operators).
create or replace function public.list_recheck_subscriptions()
returns setof public.recheck_subscriptions
language sql
stable
security invoker
set search_path = ''
as $$
  select * from public.recheck_subscriptions r order by r.created_at desc, r.id desc;
$$;

-- Deletes up to p_limit pending subscriptions created before p_before (never confirmed) and returns
-- how many: the website calls it until fewer come back, so no single call runs long.
create or replace function public.purge_unconfirmed_rechecks(
  p_before timestamptz,
  p_limit integer default 1000
)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_count integer;
begin
  delete from public.recheck_subscriptions
    where id in (
      select r.id from public.recheck_subscriptions r
        where r.status = 'pending' and r.created_at < p_before
        limit least(greatest(coalesce(p_limit, 1000), 1), 10000)
    );
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- Functions are executable by PUBLIC by default, and Supabase also grants new functions to anon and
-- authenticated: only the service_role may call these.
revoke all on function public.request_recheck(text, text, text, integer, text, text, timestamptz, integer) from public, anon, authenticated;
revoke all on function public.confirm_recheck(text, timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.unsubscribe_recheck(text, timestamptz) from public, anon, authenticated;
revoke all on function public.get_recheck_subscription(text) from public, anon, authenticated;
revoke all on function public.claim_due_rechecks(text, timestamptz, integer, integer) from public, anon, authenticated;
revoke all on function public.complete_recheck(text, text, text, timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.release_recheck(text, text, timestamptz) from public, anon, authenticated;
revoke all on function public.list_recheck_subscriptions() from public, anon, authenticated;
revoke all on function public.purge_unconfirmed_rechecks(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.request_recheck(text, text, text, integer, text, text, timestamptz, integer) to service_role;
grant execute on function public.confirm_recheck(text, timestamptz, timestamptz) to service_role;
grant execute on function public.unsubscribe_recheck(text, timestamptz) to service_role;
grant execute on function public.get_recheck_subscription(text) to service_role;
grant execute on function public.claim_due_rechecks(text, timestamptz, integer, integer) to service_role;
grant execute on function public.complete_recheck(text, text, text, timestamptz, timestamptz) to service_role;
grant execute on function public.release_recheck(text, text, timestamptz) to service_role;
grant execute on function public.list_recheck_subscriptions() to service_role;
grant execute on function public.purge_unconfirmed_rechecks(timestamptz, integer) to service_role;
