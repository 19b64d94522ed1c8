/**
 * Request units per call, from the spec's cost table. Where the spec shows no cost the client assumes one unit,
 * except the account endpoints (/me, /health), assumed free.
 */
export function unitCost(endpoint: string, params: Record<string, string | undefined> = {}): number {
  if (endpoint === '/me' || endpoint === '/health') return 0;
  if (endpoint === '/lines') return 2;
  if (endpoint === '/splits' || endpoint === '/splits-history') return 5;
  if (/^\/[a-z]+\/team-stats$/.test(endpoint)) return params.teamId ? 1 : 5;
  if (endpoint === '/mlb/starting-pitchers') return params.date ? 2 : 1;
  // Format multiplier × (1 + rows): one row for one team, else one per MLB club (30), as the relay never asks for more.
  if (endpoint === '/mlb/venue-weather') return (params.format === 'detail' ? 2 : 1) * (1 + (params.teamId ? 1 : 30));
  return 1;
}
