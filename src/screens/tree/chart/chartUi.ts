import { proxy } from 'valtio';

/**
 * Whether the Export chart dialog is open (the menu item and the shortcut open it), and the
 * person the fan chart is open on (the menu and the details panel open it), if it is.
 */
export const chartUi = proxy({ open: false, fan: null as string | null });

export function openChartExport() {
  chartUi.open = true;
}

/** Opens the charts (fan, pedigree, descendants, hourglass) of a card's person (the profile the card shows). */
export function openFanChart(nodeId: string) {
  chartUi.fan = nodeId;
}

/** Whose charts the shortcut opens: the tree screen says (the selected card, else the member's own). */
let chartsPerson: () => string | null = () => null;

export function setChartsPerson(pick: () => string | null): () => void {
  chartsPerson = pick;
  return () => void (chartsPerson = () => null);
}

/** The charts of the tree screen's person, if there is one (Shift+C). */
export function openCharts() {
  const id = chartsPerson();
  if (id) openFanChart(id);
}
