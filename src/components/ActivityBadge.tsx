import { badgeLabel, badgeText } from '../domain/activity/sinceLastVisit.ts';

/** The count of changes by others since the member's last visit to a tree (none: nothing shown). */
export function ActivityBadge({ count }: { count: number }) {
  const text = badgeText(count);
  if (!text) return null;
  const label = badgeLabel(count);
  return (
    <span className="activity-badge" title={label} data-testid="activity-badge">
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
