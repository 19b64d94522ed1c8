import type { Translate } from '../../i18n/translate.js';
import type { Column, Row } from './columns.js';

/**
 * Football's points table, P W D L GF GA GD Pts: fetched by a standings table only when its league is football's,
 * so that other pages do not carry it. It imports nothing at run time (what it needs is handed to it), so that it never
 * loads a second copy of what the page's Pressbox file already ran.
 */
export function footballColumns(t: Translate, number: (value: number | null) => string, locale: string): Column[] {
  const signed = new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' });
  const played = (row: Row) => row.wins + row.losses + row.ties;
  // The relay's points, or three a win and one a draw from a relay that sent none.
  const points = (row: Row) => row.points ?? row.wins * 3 + row.ties;
  const difference = (row: Row) => (row.pointsFor === null || row.pointsAgainst === null ? null : row.pointsFor - row.pointsAgainst);
  return [
    {
      key: 'played',
      label: t('standings.played', 'P'),
      name: t('standings.playedName', 'Matches played'),
      className: 'played',
      cell: (row) => number(played(row)),
      sortValue: played,
    },
    { key: 'wins', label: t('standings.won', 'W'), name: t('standings.wonName', 'Won'), cell: (row) => number(row.wins) },
    { key: 'ties', label: t('standings.drawn', 'D'), name: t('standings.drawnName', 'Drawn'), cell: (row) => number(row.ties) },
    { key: 'losses', label: t('standings.lost', 'L'), name: t('standings.lostName', 'Lost'), cell: (row) => number(row.losses) },
    {
      key: 'pointsFor',
      label: t('standings.goalsFor', 'GF'),
      name: t('standings.goalsForName', 'Goals for'),
      className: 'points',
      cell: (row) => number(row.pointsFor),
    },
    {
      key: 'pointsAgainst',
      label: t('standings.goalsAgainst', 'GA'),
      name: t('standings.goalsAgainstName', 'Goals against'),
      className: 'points',
      cell: (row) => number(row.pointsAgainst),
    },
    {
      key: 'goalDifference',
      label: t('standings.goalDifference', 'GD'),
      name: t('standings.goalDifferenceName', 'Goal difference'),
      isolated: true,
      // +5 or −3 in the reader's digits; a dash when the goals are not known.
      cell: (row) => {
        const value = difference(row);
        return value === null ? '—' : signed.format(value);
      },
      sortValue: (row) => difference(row) ?? -Infinity,
    },
    {
      key: 'points',
      label: t('standings.points', 'Pts'),
      name: t('standings.pointsName', 'Points'),
      className: 'total',
      cell: (row) => number(points(row)),
      sortValue: points,
    },
  ];
}
