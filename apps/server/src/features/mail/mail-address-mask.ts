/** `ada@example.com` → `a***@example.com`: enough for an operator to tell whose mail it is. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

const ADDRESS = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g;

/** Every address in a text (an SMTP reply often quotes the recipient) masked, for the log. */
export const maskAddresses = (text: string) => text.replace(ADDRESS, (address) => maskAddress(address));
