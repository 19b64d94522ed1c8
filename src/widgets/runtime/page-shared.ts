/**
 * One value per page, whichever copy of the runtime asks first. A page can run two copies (a standalone element file,
 * then the shared core for a tag added later), and must still keep one relay client per relay and one live stream.
 */
export function pageShared<T>(name: string, create: () => T): T {
  const page = globalThis as unknown as Record<symbol, T | undefined>;
  return (page[Symbol.for(`pressbox.${name}`)] ??= create());
}
