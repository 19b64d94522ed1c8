// Compiled by `npm run typecheck` against the built package, as a React app would import it: the JSX typings and the
// element classes must accept what docs/publishers.md shows and reject what the elements would not understand.
import type {} from 'pressbox/jsx';
import { configure, type ScoreStrip } from 'pressbox';

configure({ key: 'pk_live_0123456789abcdef0123456789abcdef', relay: 'https://widgets.example.com' });

export function GamePage({ gameId }: { gameId: string }) {
  return (
    <main>
      <score-ticker leagues="nba,nhl" paused></score-ticker>
      <score-strip league="nba" theme="dark" odds-format="decimal" game-href="/games/{league}/{id}" class="wide"></score-strip>
      <game-header league="nba" game-id={gameId} announce time-zone="Europe/Berlin"></game-header>
      <win-probability league="nba" game-id={gameId}></win-probability>
      <player-props league="nba" game-id={gameId} markets="points,assists"></player-props>
      <last-five league="nba" team="BOS" opponent="LAL"></last-five>
      <injury-report league="nfl" team="KC" live="off"></injury-report>
      <standings-table league="nba" team="BOS"></standings-table>
      <team-stats league="nba" team="BOS" layout="full"></team-stats>
      <pitching-matchup game-id={gameId}></pitching-matchup>
      {/* @ts-expect-error the layout is compact or full */}
      <team-stats league="nba" team="BOS" layout="wide"></team-stats>
      {/* @ts-expect-error the theme is auto, light or dark */}
      <score-strip league="nba" theme="sepia"></score-strip>
      {/* @ts-expect-error not an attribute of last-five */}
      <last-five league="nba" teem="BOS"></last-five>
      {/* @ts-expect-error odds formats are american, decimal, fractional or implied */}
      <game-header league="nba" game-id={gameId} odds-format="moneyline"></game-header>
    </main>
  );
}

const strip: ScoreStrip = document.createElement('score-strip');
strip.league = 'nba';
document.querySelector('game-header')?.addEventListener('pb-load', (event) => event.data);
