// What only live data needs: the page's live stream, the words for where a game in progress stands, and the marker of
// scores that just changed (scores only change while a game is on). A chunk of its own (ui/live.ts), but inside
// the all-in-one file (vite.config.ts).
export { LiveStream } from '../runtime/live-stream.js';
export { progressText } from './live-progress.js';
export { ChangeMarker } from './change-marker.js';
