-- Monthly re-checks (decision 032), their mail. A person asks for one from a saved report's page: a
-- lead of form_type 'recheck' whose lead_data names the subscription (recheck_id), the report it
-- started from (report_id) and the audited address (website). It is delivered like every lead (team
-- email, webhook) and gets a visitor email of its own kind, 'recheck-optin' (the double opt-in),
-- under the rule of one visitor email per address per ten minutes. Each month's re-check email,
-- 'recheck-report', is enqueued by complete_recheck in the completion's own transaction, attached to
-- that lead. The duplicate window (20261221000000_report_email.sql) already compares
-- lead_data.report_id whatever the form, so a repeat for the same report within ten minutes is one
-- lead here too.

-- The outbox's kinds, as 20261221000000_report_email.sql named them, with the re-check's two.
alter table public.lead_deliveries
  drop constraint if exists lead_deliveries_kind_check,
  drop constraint if exists lead_deliveries_visitor_kind_check;
alter table public.lead_deliveries
  add constraint lead_deliveries_kind_check check (
    kind in ('team-email', 'webhook', 'waitlist-confirmation', 'contact-ack', 'newsletter-optin',
             'report-summary', 'recheck-optin', 'recheck-report')
  ),
  add constraint lead_deliveries_visitor_kind_check check (
    (channel = 'visitor-email')
    = (kind in ('waitlist-confirmation', 'contact-ack', 'newsletter-optin', 'report-summary',
                'recheck-optin', 'recheck-report'))
  );

-- The deliveries of a new lead: as in 20261221000000_report_email.sql, with the re-check's opt-in.
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

-- The lease holder records a finished re-check (the new report, when, the next due time) and the
-- lease ends; false when it no longer holds it (taken over, or unsubscribed meanwhile). With p_mail
-- (the email's payload, built by the website), the same transaction enqueues the month's email when
-- visitor emails are on: to the subscription's address, attached to its newest 'recheck' lead. A
-- subscription without one (the lead deleted by hand) raises, and nothing changes.
drop function if exists public.complete_recheck(text, text, text, timestamptz, timestamptz);
create or replace function public.complete_recheck(
  p_id text,
  p_worker text,
  p_report_id text,
  p_at timestamptz,
  p_next_check_at timestamptz,
  p_mail jsonb default null
)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_email text;
  v_lead uuid;
begin
  update public.recheck_subscriptions
    set last_report_id = p_report_id, last_checked_at = p_at, next_check_at = p_next_check_at,
        lease_until = null, leased_by = null
    where id = p_id and leased_by = p_worker and status = 'active'
    returning email into v_email;
  if not found then
    return false;
  end if;
  if p_mail is not null
     and exists (select 1 from public.lead_delivery_channels where channel = 'visitor-email') then
    select l.id into v_lead from public.leads l
      where l.lead_data ->> 'form_type' = 'recheck' and l.lead_data ->> 'recheck_id' = p_id
      order by l.created_at desc
      limit 1;
    if v_lead is null then
      raise exception 'no recheck lead for subscription %', p_id;
    end if;
    -- Due now by the database's clock, which the outbox's leases run on.
    insert into public.lead_deliveries (lead_id, channel, kind, recipient, payload)
      values (v_lead, 'visitor-email', 'recheck-report', v_email, p_mail);
  end if;
  return true;
end;
$$;

-- complete_recheck runs as its caller, the service_role, which must read leads to find the
-- subscription's: Supabase grants it every table, said here as the outbox's migration says it for
-- lead_deliveries.
grant select on public.leads to service_role;

-- create or replace keeps the functions' grants; said again so this file reads whole.
revoke all on function public.leads_enqueue_deliveries() from public, anon, authenticated;
revoke all on function public.complete_recheck(text, text, text, timestamptz, timestamptz, jsonb)
  from public, anon, authenticated;
grant execute on function public.complete_recheck(text, text, text, timestamptz, timestamptz, jsonb)
  to service_role;
