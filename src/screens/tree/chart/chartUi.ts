import { proxy } from 'valtio';

/**
 * Whether the Export chart dialog is open (the menu item and the shortcut open it), and the
 * person the fan chart is open on (the menu and the details panel open it), if it is.
 */
export const chartUi = proxy({ open: false, fan: null as string | null });

export function openChartExport() {
  chartUi.open = true;
}

/** Opens the fan chart of a card's person (the profile the card shows). */
export function openFanChart(nodeId: string) {
  chartUi.fan = nodeId;
}
