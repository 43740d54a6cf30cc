-- "Email me this report" (issue 23, decision 030): a lead of form_type 'report', sent from a saved
-- audit report's page, whose lead_data carries the report's id (report_id), its permanent link
-- (report_url) and the audited address (website). It is delivered like every lead (team email,
-- webhook) and gets a visitor email of its own kind, 'report-summary', under the same rule of one
-- visitor email per address per ten minutes. The website inserts it into public.leads with the anon
-- key, as it does contact and newsletter leads. public.leads itself lists no form types: only the
-- outbox's constraints and the functions below do.

-- The outbox's kinds: the checks of 20261201000000_outbox.sql, which list the visitor emails, are
-- replaced (found by what they say, whatever name the database gave them) by two named ones that
-- also allow 'report-summary'.
do $$
declare
  v_name text;
begin
  for v_name in
    select c.conname from pg_constraint c
    where c.conrelid = 'public.lead_deliveries'::regclass
      and c.contype = 'c'
      and pg_get_constraintdef(c.oid) like '%newsletter-optin%'
  loop
    execute format('alter table public.lead_deliveries drop constraint %I', v_name);
  end loop;
end;
$$;

alter table public.lead_deliveries
  add constraint lead_deliveries_kind_check check (
    kind in ('team-email', 'webhook', 'waitlist-confirmation', 'contact-ack', 'newsletter-optin', 'report-summary')
  ),
  add constraint lead_deliveries_visitor_kind_check check (
    (channel = 'visitor-email')
    = (kind in ('waitlist-confirmation', 'contact-ack', 'newsletter-optin', 'report-summary'))
  );

-- The deliveries of a new lead: as in 20261201000000_outbox.sql, with the report's visitor email.
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

-- The duplicate window (20261123000000_duplicate_window.sql): the same form and email within ten
-- minutes is one lead; for a report, the same report too (asking for another report is another
-- request: the team hears of it, even when the visitor email waits for the window).
create or replace function public.leads_fold_recent_duplicate()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_form text := coalesce(new.lead_data ->> 'form_type', '');
  v_report text := coalesce(new.lead_data ->> 'report_id', '');
  v_first uuid;
begin
  -- One submission at a time per email and form, so two simultaneous posts cannot both pass.
  perform pg_advisory_xact_lock(hashtext(lower(new.email) || '/' || v_form));
  select id into v_first
    from public.leads
    where lower(email) = lower(new.email)
      and coalesce(lead_data ->> 'form_type', '') = v_form
      and coalesce(lead_data ->> 'report_id', '') = v_report
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

-- create or replace keeps the functions' grants; said again so this file reads whole.
revoke all on function public.leads_enqueue_deliveries() from public, anon, authenticated;
