export interface ElementReference {
  tag: string;
  className: string;
  summary: string;
  attributes: { name: string; type: string; default?: string; description: string; common: boolean }[];
  events: { name: string; description?: string }[];
  parts: { name: string; description?: string }[];
  cssProperties: { name: string; description?: string }[];
  states: { name: string; description?: string }[];
}
export function elementsOf(manifest: unknown): ElementReference[];
export function jsxTypes(elements: ElementReference[]): string;
export function markdown(elements: ElementReference[]): string;
