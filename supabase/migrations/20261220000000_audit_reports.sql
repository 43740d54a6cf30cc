-- Saved audit reports (issue 23, design §15). Every audit a person runs is kept under an
-- unguessable id (128 random bits, 32 lowercase hexadecimal digits) for its permanent address, until
-- expires_at (AUDIT_REPORT_DAYS after it was made). The website's server reads and writes them with
-- the service_role key through the functions below; the anon key is public and reaches none of it:
-- whoever knows an id reads that report through the website, nobody can list or guess them.
--
-- `result` is the audit's JSON as text, not jsonb: the website gets back exactly the text it saved
-- (jsonb would reorder keys and rewrite numbers). Times come from the website (the `now` of each
-- call), like the embedded store's, so both stores answer the same question the same way.

create table if not exists public.audit_reports (
  id text primary key check (id ~ '^[0-9a-f]{32}$'),
  -- The audited address as the website normalised it: "the same site" for the score change.
  address text not null check (char_length(address) between 1 and 2048),
  pages integer not null check (pages >= 1),
  overall integer not null check (overall between 0 and 100),
  result text not null check (json_typeof(result::json) = 'object'),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  check (expires_at > created_at)
);

comment on table public.audit_reports is 'Saved audit reports: one row per audit a person ran, by its unguessable id, until expires_at.';

-- previous_audit_report: the newest report of an address before a time.
create index if not exists audit_reports_address_idx on public.audit_reports (address, created_at desc);
-- purge_expired_audit_reports.
create index if not exists audit_reports_expiry_idx on public.audit_reports (expires_at);

-- Supabase grants new tables to anon and authenticated by default: take that back. Row-level
-- security with no policy is a second lock; the service_role bypasses it (dashboards, operators).
-- Reports never change once saved: no update, for anyone.
alter table public.audit_reports enable row level security;
revoke all on public.audit_reports from public, anon, authenticated;
grant select, insert, delete on public.audit_reports to service_role;

-- The functions run as their caller (security invoker): only the service_role may call them, and
-- even a grant made by mistake would open nothing, as the caller still needs the table's grants.

-- Stores a new report; an id already taken is refused (primary key), never overwritten.
create or replace function public.save_audit_report(
  p_id text,
  p_address text,
  p_pages integer,
  p_overall integer,
  p_result text,
  p_created_at timestamptz,
  p_expires_at timestamptz
)
returns void
language sql
security invoker
set search_path = ''
as $$
  insert into public.audit_reports (id, address, pages, overall, result, created_at, expires_at)
  values (p_id, p_address, p_pages, p_overall, p_result, p_created_at, p_expires_at);
$$;

-- The report with this id, unless it expired at p_now (no row).
create or replace function public.get_audit_report(p_id text, p_now timestamptz)
returns setof public.audit_reports
language sql
stable
security invoker
set search_path = ''
as $$
  select * from public.audit_reports r where r.id = p_id and r.expires_at > p_now;
$$;

-- The newest report of p_address made strictly before p_before and not expired at p_now (no row
-- when there is none).
create or replace function public.previous_audit_report(
  p_address text,
  p_before timestamptz,
  p_now timestamptz
)
returns setof public.audit_reports
language sql
stable
security invoker
set search_path = ''
as $$
  select * from public.audit_reports r
  where r.address = p_address and r.created_at < p_before and r.expires_at > p_now
  order by r.created_at desc, r.id desc
  limit 1;
$$;

-- Deletes up to p_limit reports expired at p_now and returns how many: the website calls it until
-- fewer come back, so no single call runs long.
create or replace function public.purge_expired_audit_reports(
  p_now timestamptz,
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
  delete from public.audit_reports
    where id in (
      select r.id from public.audit_reports r
        where r.expires_at <= p_now
        limit least(greatest(coalesce(p_limit, 1000), 1), 10000)
    );
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- Functions are executable by PUBLIC by default, and Supabase also grants new functions to anon and
-- authenticated: only the service_role may call these.
revoke all on function public.save_audit_report(text, text, integer, integer, text, timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.get_audit_report(text, timestamptz) from public, anon, authenticated;
revoke all on function public.previous_audit_report(text, timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.purge_expired_audit_reports(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.save_audit_report(text, text, integer, integer, text, timestamptz, timestamptz) to service_role;
grant execute on function public.get_audit_report(text, timestamptz) to service_role;
grant execute on function public.previous_audit_report(text, timestamptz, timestamptz) to service_role;
grant execute on function public.purge_expired_audit_reports(timestamptz, integer) to service_role;
