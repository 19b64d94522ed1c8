// An Angular component's file, compiled by test/e2e/packages.test.ts with ngc and strict templates against the packed
// package (skipLibCheck off): Angular types `$event` from the element's addEventListener, so each element's listener
// sees its own payload. angular-wrong.ts holds what the compiler must refuse.
import { Component, CUSTOM_ELEMENTS_SCHEMA } from '@angular/core';
import type { GameDetailPayload, PbErrorEvent, PbLoadEvent } from '@pressbox/elements';
import { load } from '@pressbox/elements/loader';

void load('game-header', 'score-strip');

@Component({
  selector: 'game-page',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `<game-header
      [league]="'mls'"
      [attr.game-id]="gameId"
      (pb-load)="shown($event)"
      (pb-update)="score = $event.data.game.home.score"
      (pb-error)="failed($event)"
    ></game-header>
    <score-strip league="nba" (pb-load)="count = $event.data.games.length"></score-strip>`,
})
export class GamePage {
  gameId = 'g_mls_1';
  score: number | null = null;
  count = 0;

  shown(event: PbLoadEvent<GameDetailPayload>): void {
    this.score = event.data.game.away.score;
  }

  failed(event: PbErrorEvent): void {
    console.log(event.code, event.message);
  }
}
