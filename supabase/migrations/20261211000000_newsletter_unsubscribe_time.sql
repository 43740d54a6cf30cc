-- A confirmation link issued before an unsubscribe no longer subscribes (decision 021). Before this,
-- an old confirm link replayed within its 7 days subscribed an address again after it unsubscribed.
-- The database now keeps when each address last unsubscribed, and set_newsletter_status refuses a
-- subscription through a link issued before that (the link's issue time is in its signed token; the
-- server passes it as p_link_issued_at), answering 'superseded' and changing nothing.

create table if not exists public.newsletter_unsubscribes (
  -- lower(email): one row per address, whatever its case.
  email_key text primary key,
  unsubscribed_at timestamptz not null default now()
);

comment on table public.newsletter_unsubscribes is
  'When each address last unsubscribed from the newsletter: confirmation links issued before that are refused.';

alter table public.newsletter_unsubscribes enable row level security;
revoke all on public.newsletter_unsubscribes from public, anon, authenticated;
grant select, insert, update, delete on public.newsletter_unsubscribes to service_role;

-- A new parameter is a new signature: the old function goes, so PostgREST has one to call.
drop function if exists public.set_newsletter_status(text, text);

create function public.set_newsletter_status(
  p_email text,
  p_status text,
  p_link_issued_at timestamptz default null
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_key text := lower(p_email);
  v_total integer;
  v_changed integer;
begin
  if p_status not in ('subscribed', 'unsubscribed') then
    raise exception 'invalid newsletter status: %', p_status using errcode = '22023';
  end if;
  -- One change per address at a time: an unsubscribe and a confirmation arriving together see each
  -- other's outcome.
  perform pg_advisory_xact_lock(hashtext('newsletter-status/' || v_key));
  select count(*) into v_total
    from public.leads
   where lead_data ->> 'form_type' = 'newsletter' and lower(email) = v_key;
  if v_total = 0 then
    return 'unknown';
  end if;
  if p_status = 'subscribed' and p_link_issued_at is not null and exists (
    select 1 from public.newsletter_unsubscribes
     where email_key = v_key and unsubscribed_at > p_link_issued_at
  ) then
    return 'superseded';
  end if;
  if p_status = 'unsubscribed' then
    insert into public.newsletter_unsubscribes (email_key, unsubscribed_at)
      values (v_key, now())
      on conflict (email_key) do update set unsubscribed_at = excluded.unsubscribed_at;
  end if;
  update public.leads
     set status = p_status
   where lead_data ->> 'form_type' = 'newsletter'
     and lower(email) = v_key
     and status <> p_status;
  get diagnostics v_changed = row_count;
  return case when v_changed > 0 then 'changed' else 'unchanged' end;
end;
$$;

revoke all on function public.set_newsletter_status(text, text, timestamptz) from public, anon, authenticated;
grant execute on function public.set_newsletter_status(text, text, timestamptz) to service_role;
