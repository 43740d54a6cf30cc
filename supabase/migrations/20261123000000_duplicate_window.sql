-- The same form and email within ten minutes is stored once, whichever server instance receives it.
-- (Each website process also remembers its own recent submissions, but replicas share nothing.)
-- A repeat is folded into the first row: its newer details are merged into lead_data, so a note
-- sent after the waitlist sign-up is kept, and the visitor still gets a success answer.

create or replace function public.leads_fold_recent_duplicate()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_form text := coalesce(new.lead_data ->> 'form_type', '');
  v_first uuid;
begin
  -- One submission at a time per email and form, so two simultaneous posts cannot both pass.
  perform pg_advisory_xact_lock(hashtext(lower(new.email) || '/' || v_form));
  select id into v_first
    from public.leads
    where lower(email) = lower(new.email)
      and coalesce(lead_data ->> 'form_type', '') = v_form
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

drop trigger if exists leads_fold_recent_duplicate on public.leads;
create trigger leads_fold_recent_duplicate
  before insert on public.leads
  for each row execute function public.leads_fold_recent_duplicate();
