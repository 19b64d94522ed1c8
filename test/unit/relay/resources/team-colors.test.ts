// Team colours as the relay hands them to the elements, checked over every team the sandbox knows (the real leagues' colours).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as leagues from '../../../../src/sandbox/data/teams.js';
import { contrastRatio, graphicColour, matchupColors, onPrimaryColor } from '../../../../src/relay/resources/team-colors.js';

const LIGHT_SURFACE = '#ffffff';
const DARK_SURFACE = '#111827';

const teams = Object.values(leagues)
  .filter(Array.isArray)
  .map((rows) =>
    (rows as readonly leagues.TeamRow[]).map(([abbreviation, city, nickname, primary, secondary]) => ({
      abbreviation,
      name: `${city} ${nickname}`,
      primaryColor: primary as string | null,
      secondaryColor: secondary as string | null,
    })),
  );

describe('team colours for bars and curves', () => {
  it('keep 3:1 against the light and the dark surface for every team, and stay close to the team colour', () => {
    for (const league of teams)
      for (const team of league) {
        const colour = graphicColour(team.primaryColor);
        assert.ok(contrastRatio(colour, LIGHT_SURFACE) >= 3, `${team.name} ${colour} on light`);
        assert.ok(contrastRatio(colour, DARK_SURFACE) >= 3, `${team.name} ${colour} on dark`);
      }
    assert.equal(graphicColour('#007a33'), '#007a33', 'a colour that already works is kept as it is');
    assert.equal(graphicColour(null), graphicColour('#6b7280'), 'no colour: the neutral one');
  });

  it('tell two teams apart in every pairing of a league: secondary colour, else a pattern', () => {
    let switched = 0;
    for (const league of teams)
      for (const away of league)
        for (const home of league) {
          if (away === home) continue;
          const colours = matchupColors(away, home);
          if (!colours.awayPatterned && colours.away !== graphicColour(away.primaryColor)) switched++;
          const [a, b] = [colours.away, colours.home].map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)));
          const distance = Math.hypot(a![0]! - b![0]!, a![1]! - b![1]!, a![2]! - b![2]!);
          assert.ok(colours.awayPatterned || distance >= 90, `${away.name} at ${home.name}: ${colours.away} vs ${colours.home}`);
        }
    assert.ok(switched > 0, 'some pairings need the secondary colour');
    const lakers = teams.flat().find((team) => team.abbreviation === 'LAL')!;
    const twin = { ...lakers, abbreviation: 'TWN', secondaryColor: lakers.primaryColor };
    assert.equal(matchupColors(twin, lakers).awayPatterned, true, 'identical colours with no other colour: a pattern');
  });
});

describe('text on a team colour', () => {
  it('is black or white, whichever contrasts more, for every team and for a team without a colour', () => {
    for (const team of teams.flat()) {
      const text = onPrimaryColor(team.primaryColor);
      const other = text === '#000000' ? '#ffffff' : '#000000';
      const background = team.primaryColor ?? '#6b7280';
      assert.ok(contrastRatio(background, text) >= contrastRatio(background, other), `${team.name}: ${text} on ${background}`);
    }
    assert.equal(onPrimaryColor('#FDB927'), '#000000', 'gold takes black');
    assert.equal(onPrimaryColor('#552583'), '#ffffff', 'purple takes white');
    assert.equal(onPrimaryColor(null), '#ffffff', 'the neutral grey takes white');
  });
});
