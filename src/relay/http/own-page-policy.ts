// The policies of the pages the relay serves itself: the embed frame, the snippet builder and the console.

/** What the relay's own pages may load: its own scripts, styles and data, nothing inline, Lit under Trusted Types. */
export const OWN_PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "require-trusted-types-for 'script'",
  'trusted-types lit-html pressbox',
].join('; ');

/**
 * Pages nobody should frame: problems, the builder, the refusal, the console. An embed that is served replaces it with
 * its key's.
 */
export const UNFRAMED_POLICY = `${OWN_PAGE_POLICY}; frame-ancestors 'none'`;

/**
 * An embed's problem page (unknown element, wrong attribute or value, unknown key): any page may frame it, so the
 * publisher reads what to change inside their own frame. It has no link, form or button, nothing to click-jack.
 */
export const FRAMEABLE_PROBLEM_POLICY = `${OWN_PAGE_POLICY}; frame-ancestors *`;
