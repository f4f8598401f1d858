/**
 * The phone prefixes on offer (docs/product/formats.md, "Phone numbers"); '' means none
 * chosen. One list for the forms, the API's validation and the database's check constraint.
 */
export const PHONE_PREFIXES = [
  "",
  "+420",
  "+421",
  "+49",
  "+44",
  "+36",
  "+43",
  "+48",
  "+33",
  "+40",
  "+386",
  "+385",
] as const;

export type PhonePrefix = (typeof PHONE_PREFIXES)[number];
