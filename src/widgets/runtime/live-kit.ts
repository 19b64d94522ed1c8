// What only live data needs: the page's live stream, the words for where a game in progress stands, and the marker of
// scores that just changed (scores only change while a game is on). A chunk of its own (runtime/live.ts), but inside
// the all-in-one file (vite.config.ts).
export { LiveStream } from './live-stream.js';
export { progressText } from '../ui/live-progress.js';
export { ChangeMarker } from '../ui/change-marker.js';
