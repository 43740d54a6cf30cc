import { describe, expect, it } from 'vitest';
import { FORM_ENDPOINTS, FORM_TYPES, formEndpoint, formOfEndpoint } from '../../../src/lib/form-limits.ts';
import {
  deliveryPayload,
  duplicateDetail,
  leadRecord,
  toDelivery,
  type DeliveryRecord,
} from '../../../src/server/store/records.ts';

// Both stores write the lead record built here: these are the stored shapes (the embedded store keeps
// lead_data as JSON text, so its key order is part of what is stored).

/** The embedded store's own columns, read off the record as its save reads them. */
const leadColumns = (record: ReturnType<typeof leadRecord>) => {
  const { form_type, website, service, message } = deliveryPayload({ ...record }).lead;
  return { form_type, website, service, message };
};

const ctx = { source: 'geo-website-test', submittedAt: new Date('2025-06-01T10:00:00.000Z') };
const at = '2025-06-01T10:00:00.000Z';

describe('leadRecord', () => {
  it('waitlist: the name defaults, website and message in lead_data', () => {
    const record = leadRecord(
      {
        form: 'waitlist',
        data: {
          name: '',
          email: 'ada@example.com',
          website: 'https://ada.example.com',
          message: '',
          lang: 'fr',
        },
      },
      ctx,
    );
    expect(record).toEqual({
      name: 'Not provided',
      email: 'ada@example.com',
      phone: null,
      company: null,
      source: 'geo-website-test',
      language: 'fr',
      lead_data: { form_type: 'waitlist', website: 'https://ada.example.com', message: '', submitted_at: at },
      utm_data: { utm_source: 'website', utm_medium: 'waitlist', utm_campaign: 'geo_waitlist_2025' },
      status: 'new',
    });
    expect(JSON.stringify(record.lead_data)).toBe(
      `{"form_type":"waitlist","website":"https://ada.example.com","message":"","submitted_at":"${at}"}`,
    );
    expect(leadColumns(record)).toEqual({
      form_type: 'waitlist',
      website: 'https://ada.example.com',
      service: null,
      message: null,
    });
  });

  it('contact: every field in lead_data, empty ones NULL in the columns', () => {
    const record = leadRecord(
      {
        form: 'contact',
        data: {
          name: 'Ada',
          email: 'ada@example.com',
          website: '',
          service: 'content-strategy',
          message: 'Hello',
          lang: 'en',
        },
      },
      ctx,
    );
    expect(record).toMatchObject({
      name: 'Ada',
      language: 'en',
      utm_data: { utm_source: 'website', utm_medium: 'contact_form', utm_campaign: 'geo_contact_form' },
    });
    expect(JSON.stringify(record.lead_data)).toBe(
      `{"message":"Hello","service":"content-strategy","website":"","form_type":"contact","submitted_at":"${at}"}`,
    );
    expect(leadColumns(record)).toEqual({
      form_type: 'contact',
      website: null,
      service: 'content-strategy',
      message: 'Hello',
    });
  });

  it('newsletter: no name, only the form and time in lead_data', () => {
    const record = leadRecord({ form: 'newsletter', data: { email: 'ada@example.com', lang: 'en' } }, ctx);
    expect(record).toMatchObject({ name: null, email: 'ada@example.com', status: 'new' });
    expect(JSON.stringify(record.lead_data)).toBe(`{"form_type":"newsletter","submitted_at":"${at}"}`);
    expect(leadColumns(record)).toEqual({
      form_type: 'newsletter',
      website: null,
      service: null,
      message: null,
    });
  });

  it('report: the audited address as the website, the report and its link in lead_data', () => {
    const id = 'ab'.repeat(16);
    const submission = {
      form: 'report' as const,
      data: {
        email: 'ada@example.com',
        report: id,
        lang: 'fr' as const,
        website: 'https://shop.example/tea',
        reportUrl: `https://geo.example/fr/tools/report/${id}`,
      },
    };
    const record = leadRecord(submission, ctx);
    expect(record).toMatchObject({
      name: null,
      email: 'ada@example.com',
      language: 'fr',
      utm_data: { utm_source: 'website', utm_medium: 'report_email', utm_campaign: 'geo_audit_report' },
    });
    expect(JSON.stringify(record.lead_data)).toBe(
      `{"form_type":"report","website":"https://shop.example/tea","report_id":"${id}","report_url":"https://geo.example/fr/tools/report/${id}","submitted_at":"${at}"}`,
    );
    expect(leadColumns(record)).toEqual({
      form_type: 'report',
      website: 'https://shop.example/tea',
      service: null,
      message: null,
    });
    // Another report is another request; the other forms are told apart by form and email alone.
    expect(duplicateDetail(submission)).toBe(id);
    expect(duplicateDetail({ form: 'newsletter', data: { email: 'ada@example.com', lang: 'en' } })).toBe('');
  });
});

describe('toDelivery', () => {
  // A payload as both stores hold it: the lead in the one shape deliveryPayload gives.
  const payload = deliveryPayload({ id: 1, language: 'en', lead_data: { form_type: 'contact' } });
  const row: DeliveryRecord = {
    id: 'd1',
    lead_id: 7,
    channel: 'webhook',
    kind: 'webhook',
    recipient: null,
    payload,
    status: 'pending',
    attempts: 2,
    next_attempt_at: at,
    lease_until: null,
    leased_by: null,
    last_error: 'boom',
    created_at: at,
    retried_at: null,
    delivered_at: at,
  };

  it('reads a row of either store alike (SQLite: payload as JSON text, numeric lead id)', () => {
    const fromPostgres = toDelivery({ ...row, lead_id: '7' });
    const fromSqlite = toDelivery({ ...row, payload: JSON.stringify(payload) });
    expect(fromSqlite).toEqual(fromPostgres);
    // A row read before the column existed has had no lease expire.
    expect(fromPostgres.expiredLeases).toBe(0);
    expect(toDelivery({ ...row, expired_leases: 2 }).expiredLeases).toBe(2);
    expect(fromPostgres).toEqual({
      id: 'd1',
      leadId: '7',
      channel: 'webhook',
      kind: 'webhook',
      recipient: null,
      payload,
      status: 'pending',
      attempts: 2,
      expiredLeases: 0,
      nextAttemptAt: new Date(at),
      // A row without not_before (a store not yet migrated) went at its creation (decision 067).
      notBefore: new Date(at),
      leaseUntil: null,
      leasedBy: null,
      lastError: 'boom',
      createdAt: new Date(at),
      retriedAt: null,
      deliveredAt: new Date(at),
    });
  });
});

describe('form endpoints', () => {
  it('are derived from the form list, and lead back to their form', () => {
    expect(FORM_ENDPOINTS).toEqual([
      '/api/waitlist',
      '/api/contact',
      '/api/newsletter',
      '/api/report-email',
      '/api/recheck',
    ]);
    for (const form of FORM_TYPES) {
      expect(formOfEndpoint(formEndpoint(form))).toBe(form);
      expect(formOfEndpoint(`${formEndpoint(form).toUpperCase()}/`)).toBe(form);
    }
    expect(formOfEndpoint('/api/audit')).toBeUndefined();
    expect(formOfEndpoint('/api/')).toBeUndefined();
  });
});

describe('deliveryPayload', () => {
  const contact = leadRecord(
    {
      form: 'contact',
      data: {
        name: 'Ada',
        email: 'ada@example.com',
        website: '',
        service: 'content-strategy',
        message: 'Hello',
        lang: 'fr',
      },
    },
    ctx,
  );

  it('gives one shape for the embedded store’s record and for Supabase’s row', () => {
    const embedded = deliveryPayload({ id: 7, ...contact, created_at: at });
    expect(embedded).toEqual({
      form: 'contact',
      language: 'fr',
      lead: {
        id: 7,
        form_type: 'contact',
        name: 'Ada',
        email: 'ada@example.com',
        phone: null,
        company: null,
        website: null,
        service: 'content-strategy',
        message: 'Hello',
        language: 'fr',
        source: 'geo-website-test',
        status: 'new',
        utm_data: contact.utm_data,
        lead_data: contact.lead_data,
        created_at: at,
      },
    });
    // Supabase's row: a uuid, its own columns kept; SQLite's: JSON columns as text.
    const supabase = deliveryPayload({ ...contact, id: 'b3c1', created_at: at, updated_at: at });
    expect(supabase.lead).toEqual({ ...embedded.lead, id: 'b3c1', updated_at: at });
    const sqlite = deliveryPayload({
      id: 7,
      ...contact,
      lead_data: JSON.stringify(contact.lead_data),
      utm_data: JSON.stringify(contact.utm_data),
      created_at: at,
    });
    expect(sqlite).toEqual(embedded);
    // A payload's lead comes back as it is.
    expect(deliveryPayload(embedded.lead)).toEqual(embedded);
  });

  it('names a row without a known form `unknown`', () => {
    expect(deliveryPayload({ email: 'x@example.com', lead_data: { form_type: 'other' } })).toMatchObject({
      form: 'unknown',
      lead: { form_type: 'unknown', email: 'x@example.com', website: null, id: null },
    });
  });
});
