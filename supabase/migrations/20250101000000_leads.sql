-- Leads and the waitlist function for a fresh Supabase project.
-- The website calls these with the anonymous (anon) key from its server, never from the browser:
--   waitlist  → rpc create_free_audit_from_form(...)
--   contact   → insert into public.leads
-- Row-level security lets the anonymous role insert leads and nothing else.

create table if not exists public.leads (
  id uuid primary key default gen_random_uuid(),
  name text,
  email text not null check (char_length(email) between 3 and 254),
  phone text,
  company text,
  source text not null,
  language text not null default 'en' check (language in ('en', 'fr')),
  lead_data jsonb not null default '{}'::jsonb,
  utm_data jsonb not null default '{}'::jsonb,
  status text not null default 'new',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.leads is 'Contact, waitlist and newsletter leads from the marketing website.';

create index if not exists leads_email_idx on public.leads (lower(email));
create index if not exists leads_created_at_idx on public.leads (created_at desc);

create or replace function public.leads_touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

drop trigger if exists leads_touch_updated_at on public.leads;
create trigger leads_touch_updated_at
  before update on public.leads
  for each row execute function public.leads_touch_updated_at();

alter table public.leads enable row level security;
alter table public.leads force row level security;

-- Anonymous visitors (through the website's server) may add leads, never read or change them.
revoke all on public.leads from anon, authenticated;
grant insert on public.leads to anon, authenticated;

drop policy if exists "anonymous can insert new leads" on public.leads;
create policy "anonymous can insert new leads"
  on public.leads
  for insert
  to anon, authenticated
  with check (status = 'new');

-- The waitlist: stores a lead for the free GEO audit and answers {success, error}.
-- security definer so it can write whatever the caller's role may not; search_path pinned so the
-- function cannot be tricked into resolving objects from another schema.
create or replace function public.create_free_audit_from_form(
  p_name text,
  p_email text,
  p_phone text,
  p_company text,
  p_website text,
  p_language text,
  p_utm_data jsonb,
  p_project_source text
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := lower(trim(coalesce(p_email, '')));
  v_website text := trim(coalesce(p_website, ''));
begin
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(v_email) > 254 then
    return jsonb_build_object('success', false, 'error', 'A valid email address is required.');
  end if;
  if v_website !~* '^https?://[^\s/$.?#].[^\s]*$' or char_length(v_website) > 500 then
    return jsonb_build_object('success', false, 'error', 'A valid website address is required.');
  end if;

  insert into public.leads (name, email, phone, company, source, language, lead_data, utm_data, status)
  values (
    left(coalesce(nullif(trim(p_name), ''), 'Not provided'), 100),
    v_email,
    p_phone,
    p_company,
    left(coalesce(nullif(trim(p_project_source), ''), 'website'), 100),
    case when p_language in ('en', 'fr') then p_language else 'en' end,
    jsonb_build_object('website', v_website, 'form_type', 'waitlist', 'submitted_at', now()),
    coalesce(p_utm_data, '{}'::jsonb),
    'new'
  );

  return jsonb_build_object('success', true, 'error', null);
exception when others then
  return jsonb_build_object('success', false, 'error', 'The waitlist is temporarily unavailable.');
end;
$$;

revoke all on function public.create_free_audit_from_form(text, text, text, text, text, text, jsonb, text) from public;
grant execute on function public.create_free_audit_from_form(text, text, text, text, text, text, jsonb, text) to anon, authenticated;
