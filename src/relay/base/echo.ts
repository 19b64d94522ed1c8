/** What a visitor wrote, echoed back in a message: at most `max` characters, so a page cannot be made to carry a novel. */
export function shortened(value: string, max = 60): string {
  // Control and format characters (NUL, right-to-left overrides) are shown as escapes: they could reorder or hide the
  // message they are echoed in.
  const characters = [...value].map((character) =>
    /[\p{Cc}\p{Cf}\u2028\u2029]/u.test(character) ? `\\u${character.codePointAt(0)!.toString(16).padStart(4, '0')}` : character,
  );
  return characters.length <= max ? characters.join('') : `${characters.slice(0, max - 1).join('')}…`;
}

/** Names a visitor made up (parameters, attributes), echoed in a message: the first three, each cut short. */
export function echoedNames(names: readonly PropertyKey[], quote: (name: string) => string = (name) => name): string {
  const shown = names.slice(0, 3).map((name) => quote(shortened(String(name), 40)));
  return names.length > 3 ? `${shown.join(', ')} and ${names.length - 3} more` : shown.join(', ');
}
