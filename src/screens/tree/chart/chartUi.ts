import { proxy } from 'valtio';

/** Whether the Export chart dialog is open (the menu item and the shortcut open it). */
export const chartUi = proxy({ open: false });

export function openChartExport() {
  chartUi.open = true;
}
