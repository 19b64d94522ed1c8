import { PressboxElement, type Fresh } from './pressbox-element.js';
import { resolveLocale } from '../i18n/locale.js';

/** An element whose words ship apart from the other elements' (standings, team statistics, pitching matchup). */
export abstract class SeasonElement<T extends Fresh> extends PressboxElement<T> {
  protected override async scheduleUpdate(): Promise<void> {
    const { messages } = resolveLocale(this, this.locale);
    if (messages !== 'en') await import('../i18n/words.js').then((words) => words.loadSeasonWords(messages));
    return super.scheduleUpdate();
  }
}
