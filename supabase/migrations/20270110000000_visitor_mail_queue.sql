-- An email a visitor asks for on the page is sent, or queued and sent when the mailbox's window
-- allows, and the form's answer says which (decision 067; issue 38, bug 1).
--
-- 1. lead_deliveries.not_before: when a delivery may first go (its first attempt's next_attempt_at).
--    Rows written before went at their creation. The mailbox's limits count visitor emails by it.
-- 2. leads_enqueue_deliveries: a visitor email past the mailbox's hour or day is queued, not refused:
--    it goes at the latest of now, the mailbox's last email's time (no email overtakes another), an
--    hour after the per_hour-th most recent and a day after the per_day-th most recent, so no hour
--    holds more than per_hour of them and no day more than per_day. Only when it would wait while the
--    mailbox already has `queued` emails waiting is the lead refused whole, as before
--    ('visitor_mail_limited'). A re-check's confirm link rides in the report email of the same report
--    to the same address when that email is still waiting and unleased: then the re-check gets no
--    email of its own, and no limit refuses it (it adds no email).
-- 3. leads_refresh_pending_deliveries keeps a riding link when a repeat refreshes the report email.
-- 4. visitor_mail_of: what became of a lead's visitor email, for the form's answer (service_role).
-- claim_lead_deliveries already leases only rows whose next_attempt_at has come.

alter table public.lead_deliveries add column if not exists not_before timestamptz;
update public.lead_deliveries set not_before = created_at where not_before is null;
alter table public.lead_deliveries alter column not_before set default now();
alter table public.lead_deliveries alter column not_before set not null;

create index if not exists lead_deliveries_mailbox_due_idx
  on public.lead_deliveries (public.mailbox_key(recipient), not_before) where channel = 'visitor-email';

alter table public.visitor_mail_limits
  add column if not exists queued integer not null default 3 check (queued >= 0);

-- The website states its three limits; the two-argument form goes (a call with two takes the default).
drop function if exists public.set_visitor_mail_limits(integer, integer);
create or replace function public.set_visitor_mail_limits(
  p_per_hour integer,
  p_per_day integer,
  p_queued integer default 3
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.visitor_mail_limits
    set per_hour = greatest(coalesce(p_per_hour, 3), 1), per_day = greatest(coalesce(p_per_day, 6), 1),
        queued = greatest(coalesce(p_queued, 3), 0), updated_at = now()
    where id = 1;
end;
$$;

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
  v_now timestamptz := clock_timestamp();
  v_due timestamptz;
  v_waiting integer;
  v_carrier uuid;
begin
  if exists (select 1 from public.lead_delivery_channels where channel = 'team-email') then
    insert into public.lead_deliveries (lead_id, channel, kind, payload)
    values (new.id, 'team-email', 'team-email', v_payload);
  end if;
  if exists (select 1 from public.lead_delivery_channels where channel = 'webhook') then
    insert into public.lead_deliveries (lead_id, channel, kind, payload)
    values (new.id, 'webhook', 'webhook', v_payload);
  end if;
  if v_kind is null
     or not exists (select 1 from public.lead_delivery_channels where channel = 'visitor-email') then
    return null;
  end if;
  -- One transaction at a time per mailbox decides, whichever replica or form sent the lead. The
  -- monthly re-check emails (to confirmed subscribers) are not counted.
  perform pg_advisory_xact_lock(hashtext('lead-visitor-email/' || v_mailbox));
  select * into v_limits from public.visitor_mail_limits where id = 1;
  with counted as (
    select d.not_before from public.lead_deliveries d
      where d.channel = 'visitor-email'
        and public.mailbox_key(d.recipient) = v_mailbox
        and d.kind <> 'recheck-report'
  )
  select greatest(
      v_now,
      (select max(c.not_before) from counted c),
      (select c.not_before + interval '1 hour' from counted c where c.not_before > v_now - interval '1 day'
        order by c.not_before desc offset greatest(coalesce(v_limits.per_hour, 3), 1) - 1 limit 1),
      (select c.not_before + interval '1 day' from counted c where c.not_before > v_now - interval '1 day'
        order by c.not_before desc offset greatest(coalesce(v_limits.per_day, 6), 1) - 1 limit 1)
    ),
    (select count(*) from public.lead_deliveries d
      where d.channel = 'visitor-email'
        and public.mailbox_key(d.recipient) = v_mailbox
        and d.kind <> 'recheck-report'
        and d.status = 'pending'
        and d.not_before > v_now)
    into v_due, v_waiting;
  if v_form = 'recheck' then
    select d.id into v_carrier from public.lead_deliveries d
      where d.channel = 'visitor-email'
        and d.kind = 'report-summary'
        and public.mailbox_key(d.recipient) = v_mailbox
        and lower(d.recipient) = lower(new.email)
        and d.status = 'pending'
        and d.lease_until is null
        and d.payload -> 'lead' -> 'lead_data' ->> 'report_id' = new.lead_data ->> 'report_id'
        and d.payload ->> 'language' = new.language
        and d.payload -> 'lead' -> 'lead_data' ->> 'recheck_id' is null
      order by d.created_at desc
      limit 1
      for update skip locked;
    if v_carrier is not null then
      update public.lead_deliveries
        set payload = jsonb_set(payload, '{lead,lead_data,recheck_id}', to_jsonb(new.lead_data ->> 'recheck_id'))
        where id = v_carrier;
      return null;
    end if;
  end if;
  if v_due > v_now and v_waiting >= coalesce(v_limits.queued, 3) then
    raise exception 'visitor_mail_limited' using hint = 'the mailbox has had its visitor emails for now';
  end if;
  insert into public.lead_deliveries (lead_id, channel, kind, recipient, payload, next_attempt_at, not_before)
  values (new.id, 'visitor-email', v_kind, new.email, v_payload, v_due, v_due);
  return null;
end;
$$;

-- A repeat folded into its lead refreshes the lead's pending deliveries (20261201000000_outbox.sql):
-- a re-check's link riding in a report email stays in it.
create or replace function public.leads_refresh_pending_deliveries()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.lead_deliveries
    set payload = jsonb_set(payload, '{lead}', case
      when payload -> 'lead' -> 'lead_data' ? 'recheck_id' and not (new.lead_data ? 'recheck_id')
        then jsonb_set(to_jsonb(new), '{lead_data,recheck_id}', payload -> 'lead' -> 'lead_data' -> 'recheck_id')
      else to_jsonb(new)
    end)
    where lead_id = new.id
      and status = 'pending'
      and attempts = 0
      and (lease_until is null or lease_until <= now());
  return null;
end;
$$;

-- The newest visitor email of a lead's kind to an address (for a report, of that report; for a
-- re-check, its confirm email or the report email that carries its link): what the form's answer
-- says of it.
create or replace function public.visitor_mail_of(p_form text, p_email text, p_detail text)
returns table (kind text, status text, not_before timestamptz, delivered_at timestamptz, waiting boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select d.kind, d.status, d.not_before, d.delivered_at, d.status = 'pending' and d.not_before > now()
  from public.lead_deliveries d
  where d.channel = 'visitor-email'
    and public.mailbox_key(d.recipient) = public.mailbox_key(p_email)
    and lower(d.recipient) = lower(p_email)
    and case p_form
      when 'recheck' then d.kind in ('recheck-optin', 'report-summary')
        and d.payload -> 'lead' -> 'lead_data' ->> 'recheck_id' = p_detail
      when 'report' then d.kind = 'report-summary'
        and d.payload -> 'lead' -> 'lead_data' ->> 'report_id' = p_detail
      when 'waitlist' then d.kind = 'waitlist-confirmation'
      when 'contact' then d.kind = 'contact-ack'
      when 'newsletter' then d.kind = 'newsletter-optin'
      else false
    end
  order by d.created_at desc, d.not_before desc
  limit 1
$$;

revoke all on function public.leads_enqueue_deliveries() from public, anon, authenticated;
revoke all on function public.leads_refresh_pending_deliveries() from public, anon, authenticated;
revoke all on function public.set_visitor_mail_limits(integer, integer, integer) from public, anon, authenticated;
grant execute on function public.set_visitor_mail_limits(integer, integer, integer) to service_role;
revoke all on function public.visitor_mail_of(text, text, text) from public, anon, authenticated;
grant execute on function public.visitor_mail_of(text, text, text) to service_role;
