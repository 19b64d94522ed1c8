/**
 * Synthetic player names: common given names and surnames combined by a seeded draw.
 * No injury or prop line is ever attributed to a real person.
 */
export const GIVEN_NAMES = [
  'Aaron', 'Adrian', 'Alec', 'Andre', 'Ben', 'Blake', 'Brandon', 'Caleb', 'Cam', 'Carter', 'Chris', 'Cole',
  'Colin', 'Dante', 'Darius', 'Derek', 'Devin', 'Dominic', 'Drew', 'Dylan', 'Eli', 'Emmett', 'Evan', 'Felix',
  'Gabe', 'Grant', 'Hayden', 'Isaac', 'Jalen', 'Jamal', 'Jason', 'Jonah', 'Jordan', 'Julian', 'Kai', 'Keenan',
  'Kyle', 'Lamar', 'Leon', 'Logan', 'Luca', 'Malik', 'Marcus', 'Mason', 'Miles', 'Nate', 'Noah', 'Omar', 'Owen',
  'Parker', 'Quinn', 'Reid', 'Riley', 'Rowan', 'Ryan', 'Sam', 'Sean', 'Theo', 'Trey', 'Tyler', 'Victor', 'Wes',
  'Xavier', 'Zach',
] as const;

export const SURNAMES = [
  'Abbott', 'Alvarez', 'Bishop', 'Blackwell', 'Brennan', 'Calloway', 'Carver', 'Castillo', 'Dawson', 'Delaney',
  'Easton', 'Ellison', 'Fairbanks', 'Fletcher', 'Garrison', 'Hale', 'Hargrove', 'Holloway', 'Ingram', 'Jennings',
  'Keller', 'Kendrick', 'Langford', 'Lockhart', 'Maddox', 'Merritt', 'Monroe', 'Nash', 'Norwood', 'Oakley',
  'Pearce', 'Prescott', 'Quinlan', 'Radford', 'Ramsey', 'Rowland', 'Sawyer', 'Sinclair', 'Stanton', 'Thorne',
  'Underwood', 'Vance', 'Whitfield', 'Winslow', 'Yardley', 'Zimmer', 'Ashford', 'Beckett', 'Crane', 'Dorsey',
] as const;
