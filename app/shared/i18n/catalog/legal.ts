/** English words of the "legal" area (see ../messages.ts). */

export const legal = {
  privacyCommitments: "Our privacy commitments",
  terms: "Terms",
  cookiesTable: "Cookies this site sets",
  storageTable: "Browser storage",
  name: "Name",
  purpose: "Purpose",
  lifetime: "Lifetime",
  key: "Key",
  where: "Where",
  localStorage: "localStorage",
  sessionStorage: "sessionStorage",
  email: "Email",
  address: "Address",
  businessName: "Business name",
  billingName: "Billing name",
  /** Shown on a translation only: which version governs. */
  governs: "",
};
