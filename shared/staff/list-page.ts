/**
 * How many applications a page of the staff list holds: a module of its own, so the store that
 * serves the list does not build the list's and the staff move's schemas (./applications.ts)
 * in every function that reads an application.
 */
export const STAFF_APPLICATIONS_PAGE_SIZE = 25;
