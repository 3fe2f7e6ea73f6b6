/** The first `length` characters followed by '...', as product cards show descriptions. */
export function excerpt(text: string, length: number): string {
  return `${text.substring(0, length)}...`;
}
