// What the browser tests' relay gives its betting keys (relay-plugin.ts), read by the tests in the page too.

/** The books of `keys.books`, as an operator would list them. */
export const BET_BOOKS = [
  { name: 'Book A', template: 'https://book-a.example/bet?ref=PUB42&game={game}&market={market}&side={side}&line={line}' },
  { name: 'Bookmaker Two', template: 'https://book-two.example/{league}?aff=77' },
];

/** What `keys.lined` shows readers in New Jersey in place of the page's line. */
export const REGION_LINE = '21+ only in New Jersey. Gambling problem? Call 1-800-GAMBLER.';
