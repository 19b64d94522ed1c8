import { executeServerCommand } from '@web/test-runner-commands';
import type { EmulationResult, MediaFeatures } from './engine-commands.js';
import type { BrowserTestSetup } from './relay-plugin.js';
import type { FaultRuleInput } from '../../src/sandbox/faults.js';

export function testSetup(): Promise<BrowserTestSetup> {
  return executeServerCommand('pressbox-setup') as Promise<BrowserTestSetup>;
}

export function freshKey(): Promise<string> {
  return executeServerCommand('pressbox-fresh-key') as Promise<string>;
}

/** Upstream faults on the relay's sandbox; the relay's cache is emptied so the next request meets them. */
export function setFaults(rules: FaultRuleInput[]): Promise<unknown> {
  return executeServerCommand('pressbox-faults', { rules });
}

export function advanceRelayClock(ms: number): Promise<unknown> {
  return executeServerCommand('pressbox-advance-relay', { ms });
}

/** Moves the game clock: scores and lines change, and the relay forgets what it cached. */
export function advanceSandboxClock(ms: number): Promise<unknown> {
  return executeServerCommand('pressbox-advance-sandbox', { ms });
}

/** The sandbox's own /lines answer (with exchange prices), read on the server side. */
export function sandboxLines(league: string): Promise<{ data: Array<Record<string, any>> }> {
  return executeServerCommand('pressbox-sandbox-lines', { league }) as Promise<{ data: Array<Record<string, any>> }>;
}

export function loadsCounted(key: string): Promise<number> {
  return executeServerCommand('pressbox-loads', { key }) as Promise<number>;
}

export function resetRelay(): Promise<unknown> {
  return executeServerCommand('pressbox-reset');
}

export function nextEvent<E extends Event = Event>(target: EventTarget, type: string, timeoutMs = 10_000): Promise<E> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} event within ${timeoutMs} ms`)), timeoutMs);
    target.addEventListener(
      type,
      (event) => {
        clearTimeout(timer);
        resolve(event as E);
      },
      { once: true },
    );
  });
}

export function hasState(element: Element, state: string): boolean {
  return element.matches(`:state(${state})`);
}

export async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Text as assistive technology reads it: aria-hidden subtrees left out, white space folded. */
export function spokenText(node: Node): string {
  const parts: string[] = [];
  const walk = (current: Node): void => {
    if (current instanceof Element && current.getAttribute('aria-hidden') === 'true') return;
    if (current.nodeType === Node.TEXT_NODE) parts.push(current.textContent ?? '');
    current.childNodes.forEach(walk);
  };
  walk(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

export function shadow(element: Element): ShadowRoot {
  return element.shadowRoot!;
}

/** The element once its first data (or error) is shown. */
export async function settled<E extends HTMLElement & { updateComplete: Promise<boolean> }>(element: E): Promise<E> {
  await element.updateComplete;
  await until(() => !hasState(element, 'loading'));
  await element.updateComplete;
  return element;
}

export interface LiveGame {
  id: string;
  home: { team: { name: string } };
}

/** A game in progress in the league, as /v1/scores lists it. */
export async function liveGameOf(setup: BrowserTestSetup, league: string): Promise<LiveGame> {
  const scores = (await (await fetch(`${setup.relay}/v1/scores?league=${league}&key=${setup.keys.test}`)).json()) as {
    games: Array<LiveGame & { status: string }>;
  };
  return scores.games.find((game) => game.status === 'live')!;
}

const MEDIA_CONDITIONS: Record<keyof MediaFeatures, string> = { forcedColors: 'forced-colors', reducedMotion: 'prefers-reduced-motion' };

/** Every @media rule among the sheets of `root`, nested ones included. */
function mediaRules(root: ShadowRoot | Document): CSSMediaRule[] {
  const found: CSSMediaRule[] = [];
  const walk = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if (rule instanceof CSSMediaRule) found.push(rule);
      if (rule instanceof CSSGroupingRule) walk(rule.cssRules);
    }
  };
  for (const sheet of [...root.adoptedStyleSheets, ...root.styleSheets]) walk(sheet.cssRules);
  return found;
}

/**
 * Runs `check` while the page has the media features. Chromium's driver emulates them; Firefox (over BiDi) and WebKit
 * (over WebDriver) cannot be told to, so there the element's own rules for them are switched on and their opposites off.
 */
export async function withMedia(root: ShadowRoot, features: MediaFeatures, check: () => Promise<void>): Promise<void> {
  const result = (await executeServerCommand('pressbox-emulate-media', features)) as EmulationResult;
  const restored: Array<() => void> = [];
  if (result === 'unsupported')
    for (const rule of mediaRules(root)) {
      const condition = rule.conditionText.replace(/\s+/g, ' ').trim();
      for (const [name, value] of Object.entries(features) as Array<[keyof MediaFeatures, string]>) {
        const feature = MEDIA_CONDITIONS[name];
        if (!condition.startsWith(`(${feature}:`)) continue;
        const original = rule.media.mediaText;
        rule.media.mediaText = condition === `(${feature}: ${value})` ? 'all' : 'not all';
        restored.push(() => (rule.media.mediaText = original));
      }
    }
  try {
    await check();
  } finally {
    restored.forEach((restore) => restore());
    if (result === 'emulated')
      await executeServerCommand('pressbox-emulate-media', {
        ...(features.forcedColors && { forcedColors: 'none' }),
        ...(features.reducedMotion && { reducedMotion: 'no-preference' }),
      } satisfies MediaFeatures);
  }
}
