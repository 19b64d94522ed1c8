import type { Team } from './leagues.js';
import { createRandom } from './random.js';

export type Roof = 'OPEN_AIR' | 'RETRACTABLE' | 'DOME';

export interface Venue {
  park: string;
  parkProfile: 'HITTER' | 'PITCHER' | 'NEUTRAL';
  roof: Roof;
  altitudeFt: number;
  parkFactor: number;
}

/** Public facts about which clubs play under a roof and which park sits a mile up; the rest is the sandbox's. */
const ROOFS: Record<string, Roof> = {
  ARI: 'RETRACTABLE',
  HOU: 'RETRACTABLE',
  MIA: 'RETRACTABLE',
  MIL: 'RETRACTABLE',
  SEA: 'RETRACTABLE',
  TEX: 'RETRACTABLE',
  TOR: 'RETRACTABLE',
  TB: 'DOME',
};
const ALTITUDE: Record<string, number> = { COL: 5200, ARI: 1100, ATL: 1000, KC: 750 };

/** A club's home park under a synthetic name (`<nickname> Park`), with its roof, altitude and park factor. */
export function venueOf(team: Team): Venue {
  const random = createRandom('venue', team.abbreviation);
  const altitudeFt = ALTITUDE[team.abbreviation] ?? random.int(5, 600);
  const parkFactor = Math.round((team.abbreviation === 'COL' ? 1.13 : random.normal(1, 0.035)) * 100) / 100;
  return {
    park: `${team.nickname} Park`,
    parkProfile: parkFactor >= 1.03 ? 'HITTER' : parkFactor <= 0.97 ? 'PITCHER' : 'NEUTRAL',
    roof: ROOFS[team.abbreviation] ?? 'OPEN_AIR',
    altitudeFt,
    parkFactor,
  };
}

export interface Conditions {
  summary: string;
  tempF: number;
  humidity: number;
  wind: { dir: string; mph: number; type: 'OUT' | 'IN' | 'CROSS' | 'NONE'; component: number };
  precipProb: number;
  isDay: boolean;
}

const DIRECTIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

/** The park's weather for a date and hour; under a closed roof the air is still and mild. */
export function conditionsAt(team: Team, venue: Venue, date: string, hourUtc: number): Conditions {
  const random = createRandom('weather', team.abbreviation, date, hourUtc);
  const month = Number(date.slice(5, 7));
  const seasonal = 62 + 22 * Math.sin(((month - 4) / 12) * 2 * Math.PI);
  const localHour = (hourUtc + 19) % 24;
  const isDay = localHour >= 7 && localHour < 19;
  if (venue.roof === 'DOME' || (venue.roof === 'RETRACTABLE' && (seasonal < 60 || random.chance(0.5)))) {
    return {
      summary: 'Roof closed',
      tempF: 72,
      humidity: 45,
      wind: { dir: 'N', mph: 0, type: 'NONE', component: 0 },
      precipProb: 0,
      isDay,
    };
  }
  const tempF = Math.round(seasonal + random.normal(0, 6) + (isDay ? 4 : -3));
  const mph = Math.max(0, Math.round(random.normal(8, 5)));
  const type = mph < 3 ? 'NONE' : random.pick(['OUT', 'IN', 'CROSS'] as const);
  const component = type === 'OUT' ? mph : type === 'IN' ? -mph : 0;
  const precipProb = Math.round(Math.max(0, Math.min(1, random.normal(0.15, 0.18))) * 100) / 100;
  const humidity = Math.round(Math.max(20, Math.min(95, random.normal(55, 15))));
  const sky = precipProb >= 0.5 ? 'Showers likely' : precipProb >= 0.25 ? 'Cloudy' : isDay ? 'Sunny' : 'Clear';
  return {
    summary: `${sky}, ${tempF}°F`,
    tempF,
    humidity,
    wind: { dir: random.pick(DIRECTIONS), mph, type, component },
    precipProb,
    isDay,
  };
}

export interface Impact {
  projectedTotal: number;
  lean: 'OVER' | 'UNDER' | 'NEUTRAL';
  strength: 'STRONG' | 'MODERATE' | 'WEAK';
  confidence: 'HIGH' | 'MEDIUM' | 'LOW';
  components: Record<
    'tempAdjustment' | 'windAdjustment' | 'humidityAdjustment' | 'altitudeAdjustment' | 'parkFactorAdjustment' | 'dayNightAdjustment',
    number
  >;
}

const LEAGUE_TOTAL = 8.6;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** How the park and the weather move the expected runs, by component, from a league-average total. */
export function impactOf(venue: Venue, conditions: Conditions): Impact {
  const components = {
    tempAdjustment: round2((conditions.tempF - 72) * 0.02),
    windAdjustment: round2(conditions.wind.component * 0.06),
    humidityAdjustment: round2((conditions.humidity - 50) * 0.004),
    altitudeAdjustment: round2(venue.altitudeFt > 3000 ? 0.9 : venue.altitudeFt * 0.00005),
    parkFactorAdjustment: round2((venue.parkFactor - 1) * LEAGUE_TOTAL),
    dayNightAdjustment: conditions.isDay ? 0.1 : -0.05,
  };
  const shift = Object.values(components).reduce((sum, value) => sum + value, 0);
  const size = Math.abs(shift);
  return {
    projectedTotal: round2(LEAGUE_TOTAL + shift),
    lean: size < 0.15 ? 'NEUTRAL' : shift > 0 ? 'OVER' : 'UNDER',
    strength: size >= 0.6 ? 'STRONG' : size >= 0.3 ? 'MODERATE' : 'WEAK',
    confidence: conditions.precipProb >= 0.5 ? 'LOW' : size >= 0.6 ? 'HIGH' : 'MEDIUM',
    components,
  };
}

export interface WeatherAlert {
  type: 'WIND' | 'HEAT' | 'RAIN' | 'COLD';
  severity: 'HIGH' | 'MEDIUM';
  message: string;
}

export function alertsOf(conditions: Conditions): WeatherAlert[] {
  const alerts: WeatherAlert[] = [];
  if (conditions.wind.mph >= 12 && conditions.wind.type !== 'CROSS' && conditions.wind.type !== 'NONE')
    alerts.push({
      type: 'WIND',
      severity: conditions.wind.mph >= 18 ? 'HIGH' : 'MEDIUM',
      message: `Wind blowing ${conditions.wind.type === 'OUT' ? 'out' : 'in'} at ${conditions.wind.mph} mph`,
    });
  if (conditions.precipProb >= 0.5)
    alerts.push({
      type: 'RAIN',
      severity: conditions.precipProb >= 0.7 ? 'HIGH' : 'MEDIUM',
      message: `Rain chance ${Math.round(conditions.precipProb * 100)}%: delay possible`,
    });
  if (conditions.tempF >= 92) alerts.push({ type: 'HEAT', severity: 'MEDIUM', message: `Heat: ${conditions.tempF}°F at first pitch` });
  if (conditions.tempF <= 40) alerts.push({ type: 'COLD', severity: 'MEDIUM', message: `Cold: ${conditions.tempF}°F at first pitch` });
  return alerts;
}
