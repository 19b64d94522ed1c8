import { shortened } from '../base/echo.js';
import { RelayError } from '../base/errors.js';
import { firstValues } from '../resources/params.js';
import { matchRoute, WIDGET_ROUTE_LIST, type Planned } from '../resources/routes.js';

export interface Topic {
  /** As the page sent it; events name it back this way. */
  asked: string;
  /** The validated request's canonical name (routes.ts): one poller serves every spelling of the same topic. */
  canonical: string;
  /** The validated request the hub builds the topic's data from. */
  planned: Planned;
}

const MAX_TOPICS = 20;

/** A live topic is a data route's path and query without the key, validated as that route validates it. */
function parseTopic(asked: string): Topic {
  let url: URL;
  try {
    url = new URL(asked, 'http://relay.invalid');
  } catch {
    throw new RelayError('bad_request', `Bad request: topic "${shortened(asked)}" is not a path such as /v1/scores?league=nba.`);
  }
  const matched = matchRoute(url.pathname);
  if (!matched || url.origin !== 'http://relay.invalid') {
    throw new RelayError('bad_request', `Bad request: topic "${shortened(asked)}" is not a widget route (${WIDGET_ROUTE_LIST}).`);
  }
  url.searchParams.delete('key');
  let planned: Planned;
  try {
    planned = matched.route.read(firstValues(url.search.slice(1)), matched.path);
  } catch (error) {
    if (error instanceof RelayError)
      throw new RelayError('bad_request', `${error.message.replace(/\.$/, '')} (in topic ${shortened(asked)}).`);
    throw error;
  }
  return { asked, canonical: planned.canonical, planned };
}

export function parseTopics(asked: readonly string[]): Topic[] {
  if (asked.length === 0)
    throw new RelayError('bad_request', 'Bad request: topic: give at least one, such as topic=%2Fv1%2Fscores%3Fleague%3Dnba.');
  if (asked.length > MAX_TOPICS)
    throw new RelayError('bad_request', `Bad request: topic: at most ${MAX_TOPICS} topics on one stream (got ${asked.length}).`);
  return asked.map(parseTopic);
}
