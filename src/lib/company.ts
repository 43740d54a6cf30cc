/**
 * Who publishes the site and who hosts it (the COMPANY_* settings, decision 029): what the legal
 * notice shows and the privacy policy names as the controller. Every value is shown as it was set,
 * in both languages; an optional one that is unset is left out of the page.
 */
export interface CompanyIdentity {
  /** The publisher's legal name (COMPANY_NAME). */
  name: string;
  /** SAS, SARL, Ltd… (COMPANY_LEGAL_FORM). */
  legalForm?: string | undefined;
  /** As it should read, currency included: "10 000 €" (COMPANY_SHARE_CAPITAL). */
  shareCapital?: string | undefined;
  /** The registered office (COMPANY_ADDRESS). */
  address: string;
  /** The register and the number in it: "RCS Paris 123 456 789" (COMPANY_REGISTRATION). */
  registration: string;
  /** The VAT identification number (COMPANY_VAT_NUMBER). */
  vatNumber?: string | undefined;
  /** The publisher's telephone number (COMPANY_PHONE). */
  phone: string;
  /** The director of publication (COMPANY_PUBLICATION_DIRECTOR). */
  publicationDirector: string;
  /** The hosting provider (COMPANY_HOST_NAME, COMPANY_HOST_ADDRESS, COMPANY_HOST_PHONE). */
  host: { name: string; address: string; phone: string };
  /**
   * The company that sends the site's emails, as the privacy policy names it among the processors
   * (COMPANY_EMAIL_PROVIDER, "Brevo (Sendinblue SAS, Paris)"). Unset, the policy names the category alone.
   */
  emailProvider?: string | undefined;
}

/** A `tel:` address for a phone number as people write it: "+33 1 23 45 67 89" → "tel:+33123456789". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
