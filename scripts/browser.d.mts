/** Path of a Chromium-family browser; installs Debian's chromium when it can, else throws with the command to run. */
export function findBrowser(): string;
/** Launch flags for headless Chromium on these machines. */
export const CHROMIUM_ARGS: string[];
