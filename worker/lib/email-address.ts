/**
 * The server's rule for an address it will send mail to. The UI keeps the spec's loose
 * check (contains `@`), but an address like `@`, `a@` or `@b` has nowhere to go, so the
 * server refuses it wherever an email is taken and again at the mailer.
 */

/** True when the address has a non-empty local part and a non-empty domain around its last `@`. */
export function isDeliverableAddress(address: string): boolean {
  const at = address.lastIndexOf('@');
  return at > 0 && at < address.length - 1;
}
