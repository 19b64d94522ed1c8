import { executeServerCommand } from '@web/test-runner-commands';
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
