/** Genealogists' dates: the GEDCOM date grammar and what people type (see types.ts). */
export * from './types.ts';
export { MONTH_CODES, MONTH_NAMES, CALENDAR_NAMES, monthOf, isOnCalendar } from './calendars.ts';
export { parseDate, dateValue, type DateProblem, type ParsedDate } from './parse.ts';
export { toGedcomDate } from './gedcom.ts';
export { formatDate, editableDate } from './format.ts';
export { dateSortKey, yearBounds, pointStart, pointEnd, isAfter, NO_BOUNDS, type YearBounds } from './order.ts';
export { DECEASED, birthGedcom, deathGedcom, birthFields, deathFields } from './fields.ts';
