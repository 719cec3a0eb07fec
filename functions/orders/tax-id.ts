/** What a sealed tax id is bound to (the encryption context): a value copied onto another order does not open. */
export const taxIdContext = (applicationId: string) => `application:${applicationId}:ein`;

/** 123456789 -> 123-45-6789 */
export const formatTaxId = (digits: string) => `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
