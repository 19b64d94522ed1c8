import { z } from 'zod';
import { createRandom, type Random } from './random.js';

/**
 * Faults a test or a demo can switch on: added latency, an error status (429 carries Retry-After),
 * a malformed JSON body, or a dropped connection; for a share of requests, for a path, or for the next N.
 */
export const faultRuleSchema = z
  .object({
    kind: z.enum(['latency', 'status', 'malformed', 'drop']),
    /** Path after `/v1`, matched as a prefix (`/lines`, `/player-props`). */
    path: z.string().startsWith('/').optional(),
    share: z.number().min(0).max(1).default(1),
    times: z.number().int().positive().optional(),
    status: z.number().int().min(400).max(599).optional(),
    retryAfter: z.number().int().nonnegative().optional(),
    latencyMs: z.number().int().nonnegative().optional(),
  })
  .refine((rule) => rule.kind !== 'status' || rule.status !== undefined, { message: 'a status fault needs `status`' })
  .refine((rule) => rule.kind !== 'latency' || rule.latencyMs !== undefined, { message: 'a latency fault needs `latencyMs`' });

export type FaultRule = z.output<typeof faultRuleSchema>;
export type FaultRuleInput = z.input<typeof faultRuleSchema>;

export interface FaultDecision {
  latencyMs: number;
  failure?: FaultRule;
}

export class FaultInjector {
  private rules: FaultRule[] = [];
  private readonly random: Random;

  constructor(seed: string | number = 'faults') {
    this.random = createRandom(seed);
  }

  set(rules: FaultRuleInput[]): void {
    this.rules = rules.map((rule) => faultRuleSchema.parse(rule));
  }

  add(rule: FaultRuleInput): void {
    this.rules.push(faultRuleSchema.parse(rule));
  }

  clear(): void {
    this.rules = [];
  }

  list(): FaultRule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  /** Which faults hit this request; rules with a `times` budget spend it only when they fire. */
  decide(path: string): FaultDecision {
    const decision: FaultDecision = { latencyMs: 0 };
    for (const rule of this.rules) {
      if (rule.path && !path.startsWith(rule.path)) continue;
      if (rule.times === 0) continue;
      if (rule.kind !== 'latency' && decision.failure) continue;
      if (rule.share < 1 && this.random.next() >= rule.share) continue;
      if (rule.times !== undefined) rule.times -= 1;
      if (rule.kind === 'latency') decision.latencyMs += rule.latencyMs ?? 0;
      else decision.failure = rule;
    }
    this.rules = this.rules.filter((rule) => rule.times !== 0);
    return decision;
  }
}

/**
 * The command-line form of a rule: comma-separated words and `name=value` pairs, for example
 * `status=503,share=0.2`, `latency=300,path=/lines`, `malformed,times=1`, `status=429,retry-after=2`, `drop`.
 */
export function parseFaultSpec(spec: string): FaultRuleInput {
  const rule: Record<string, unknown> = {};
  const numberOf = (name: string, value: string | undefined): number => {
    const number = Number(value);
    if (value === undefined || value === '' || !Number.isFinite(number))
      throw new Error(
        `fault setting "${name}" needs a number, as in ${name}=${name === 'share' ? '0.2' : name === 'status' ? '503' : '3'}`,
      );
    return number;
  };
  for (const part of spec
    .split(',')
    .map((piece) => piece.trim())
    .filter(Boolean)) {
    const [name, value] = part.split('=', 2) as [string, string | undefined];
    switch (name) {
      case 'latency':
        rule.kind = 'latency';
        rule.latencyMs = numberOf('latency', value);
        break;
      case 'status':
        rule.kind = 'status';
        rule.status = numberOf('status', value);
        break;
      case 'malformed':
      case 'drop':
        rule.kind = name;
        break;
      case 'share':
        rule.share = numberOf('share', value);
        break;
      case 'times':
        rule.times = numberOf('times', value);
        break;
      case 'path':
        rule.path = value;
        break;
      case 'retry-after':
        rule.retryAfter = numberOf('retry-after', value);
        break;
      default:
        throw new Error(
          `unknown fault setting "${name}" in "${spec}" (use latency=, status=, malformed, drop, share=, times=, path=, retry-after=)`,
        );
    }
  }
  const parsed = faultRuleSchema.safeParse(rule);
  if (!parsed.success) throw new Error(`invalid fault "${spec}": ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  return rule as FaultRuleInput;
}
