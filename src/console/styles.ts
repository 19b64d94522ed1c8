import { css } from 'lit';
import { tokens } from '../widgets/ui/tokens.js';

/** The elements' tokens (colours, dark, forced colours, focus, reduced motion) with the console's own furniture. */
export const consoleStyles = [
  tokens,
  css`
    :host {
      border: none !important;
      border-radius: 0 !important;
      contain: none;
    }
    h1,
    h2,
    h3 {
      margin: 0 0 8px;
      line-height: 1.2;
    }
    h2 {
      font-size: 18px;
    }
    h3 {
      font-size: 15px;
    }
    p {
      margin: 0 0 8px;
    }
    .muted {
      color: var(--_muted);
    }
    code,
    .mono {
      font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
      font-size: 13px;
      overflow-wrap: anywhere;
    }
    button,
    input,
    select,
    textarea {
      font: inherit;
      color: var(--_text);
      background: var(--_surface);
      border: 1px solid var(--_border);
      border-radius: 6px;
      min-height: 36px;
      padding: 6px 10px;
    }
    button {
      cursor: pointer;
      background: var(--_raised);
    }
    button.primary {
      background: var(--_accent);
      border-color: var(--_accent);
      color: var(--_surface);
      font-weight: 600;
    }
    button.danger {
      border-color: var(--_live);
      color: var(--_live);
    }
    button:disabled {
      opacity: 0.6;
      cursor: default;
    }
    label {
      font-weight: 600;
    }
    .field {
      display: grid;
      gap: 4px;
      margin-bottom: 12px;
    }
    .hint {
      font-size: 13px;
      color: var(--_muted);
    }
    .error {
      color: var(--_live);
      font-size: 13px;
    }
    .ok {
      font-size: 13px;
    }
    .checks {
      margin: 0;
      padding: 0;
      list-style: none;
    }
    .card {
      background: var(--_surface);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      padding: 16px;
      margin-bottom: 16px;
      /* Keys and tokens in prose (an audit entry's detail) are one long word: break them rather than widen the page. */
      overflow-wrap: anywhere;
    }
    table {
      width: 100%;
      border-collapse: collapse;
    }
    th,
    td {
      text-align: start;
      padding: 8px 6px;
      border-bottom: 1px solid var(--_border);
      vertical-align: top;
    }
    th {
      font-size: 13px;
      color: var(--_muted);
    }
    .bar {
      height: 8px;
      border-radius: 4px;
      background: var(--_raised);
      border: 1px solid var(--_border);
      overflow: hidden;
      min-width: 80px;
    }
    .bar span {
      display: block;
      width: var(--_share);
      height: 100%;
      background: var(--_accent);
    }
    .bar.over span {
      background: var(--_live);
    }
    .row {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      align-items: center;
    }
    .badge {
      display: inline-block;
      padding: 1px 8px;
      border-radius: 999px;
      border: 1px solid var(--_border);
      font-size: 12px;
      font-weight: 600;
    }
    .badge[data-status='revoked'] {
      color: var(--_live);
      border-color: var(--_live);
    }
    @media (forced-colors: active) {
      .bar span {
        background: CanvasText;
      }
    }
  `,
];
