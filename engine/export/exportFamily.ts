/**
 * The family name the export's fonts are declared under (the SVG's @font-face, the worker's and
 * the chart view's FontFace). Apart from fonts.ts so that the chart view, on the page, does not
 * load the font library with it.
 */
export const EXPORT_FAMILY = 'Kinfolk Inter';
