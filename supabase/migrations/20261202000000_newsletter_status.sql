-- The newsletter's double opt-in (design §14). A sign-up is stored with status 'new'; the server,
-- holding the service_role key, records 'subscribed' once the visitor followed the signed link it
-- emailed, and 'unsubscribed' from the unsubscribe link or a one-click (RFC 8058) request.
-- The anonymous role cannot call this: only the server checks the links' signatures.

create or replace function public.set_newsletter_status(p_email text, p_status text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_total integer;
  v_changed integer;
begin
  if p_status not in ('subscribed', 'unsubscribed') then
    raise exception 'invalid newsletter status: %', p_status using errcode = '22023';
  end if;
  select count(*) into v_total
    from public.leads
   where lead_data ->> 'form_type' = 'newsletter' and lower(email) = lower(p_email);
  if v_total = 0 then
    return 'unknown';
  end if;
  update public.leads
     set status = p_status
   where lead_data ->> 'form_type' = 'newsletter'
     and lower(email) = lower(p_email)
     and status <> p_status;
  get diagnostics v_changed = row_count;
  return case when v_changed > 0 then 'changed' else 'unchanged' end;
end;
$$;

revoke all on function public.set_newsletter_status(text, text) from public, anon, authenticated;
grant execute on function public.set_newsletter_status(text, text) to service_role;
