// What Angular's strict templates must refuse (test/e2e/packages.test.ts counts the errors): a handler typed for
// another element's payload, and a field the payload does not have.
import { Component, CUSTOM_ELEMENTS_SCHEMA } from '@angular/core';
import type { PbLoadEvent, ScoresPayload } from '@pressbox/elements';
import '@pressbox/elements/elements/game-header';

@Component({
  selector: 'wrong-page',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `<game-header league="nba" (pb-load)="shown($event)" (pb-update)="seen = $event.data.notAField"></game-header>`,
})
export class WrongPage {
  seen: unknown;

  shown(event: PbLoadEvent<ScoresPayload>): void {
    this.seen = event.data.games;
  }
}
