// Loaded by the usage chart on first use only: uPlot and its stylesheet stay out of the console's first script.
import uPlot from 'uplot';
import uPlotCss from 'uplot/dist/uPlot.min.css?inline';

export { uPlot };

let sheet: CSSStyleSheet | undefined;

/** uPlot's own stylesheet, as one constructed sheet for any shadow root (no <style> element, so the CSP stays strict). */
export function chartSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(uPlotCss);
  }
  return sheet;
}
