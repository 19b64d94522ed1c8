/** Whether a module id is one of the elements' TypeScript sources (what the elements' own transforms touch). */
export const isWidgetSource = (id: string): boolean => /[\\/]src[\\/]widgets[\\/][^?]*\.ts(\?|$)/.test(id);
