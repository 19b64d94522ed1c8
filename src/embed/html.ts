/** Text made safe inside HTML, element content and quoted attribute values alike. */
export function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** What a visitor wrote, echoed back in a message: at most `max` characters, so a page cannot be made to carry a novel. */
export function shortened(value: string, max = 60): string {
  const characters = [...value];
  return characters.length <= max ? value : `${characters.slice(0, max - 1).join('')}…`;
}
