import { Avatar } from '../../../components/avatar/Avatar.tsx';
import { birthLabel, deathLabel, genderLabel, orDash } from '../../../domain/labels.ts';
import { DIALOG_AVATAR_SIZE } from '../../../domain/timing.ts';
import { DialogShell } from './DialogShell.tsx';
import { personOf, useTreeGraph } from './useTreeGraph.ts';

export const PROFILE_DETAILS_TEXTS = {
  title: 'Profile details',
  born: 'Born',
  died: 'Died',
  gender: 'Gender',
  maidenName: "Mother's maiden name",
} as const;

/**
 * 'View details' on a card (§2): round 100 px avatar, name ('Unnamed'), 'Born' with the birth
 * label or a dash, the gender label, the mother's maiden name and bio when there are any.
 */
export function ProfileDetailsDialog({ nodeId }: { nodeId: string }) {
  const graph = useTreeGraph();
  const person = personOf(graph, nodeId);
  if (!person) return null;
  const p = person.profile;
  const maiden = p?.mothersMaidenName.trim() ?? '';
  const bio = p?.bio.trim() ?? '';
  const death = p ? deathLabel(p) : '';
  return (
    <DialogShell title={PROFILE_DETAILS_TEXTS.title} testId="profile-details-dialog">
      <div className="profile-details">
        <Avatar src={p?.photoURL || p?.photoURLSmall} gender={p?.gender} seed={person.seed} size={DIALOG_AVATAR_SIZE} alt={person.name} />
        <h3 className="profile-details-name">{person.name}</h3>
        <dl className="detail-list">
          <div>
            <dt>{PROFILE_DETAILS_TEXTS.born}</dt>
            <dd data-testid="details-born">{orDash(p ? birthLabel(p) : '')}</dd>
          </div>
          {death && (
            <div>
              <dt>{PROFILE_DETAILS_TEXTS.died}</dt>
              <dd data-testid="details-died">{death}</dd>
            </div>
          )}
          <div>
            <dt>{PROFILE_DETAILS_TEXTS.gender}</dt>
            <dd data-testid="details-gender">{genderLabel(p?.gender ?? '')}</dd>
          </div>
          {maiden && (
            <div>
              <dt>{PROFILE_DETAILS_TEXTS.maidenName}</dt>
              <dd>{maiden}</dd>
            </div>
          )}
        </dl>
        {bio && <p className="profile-details-bio">{bio}</p>}
      </div>
    </DialogShell>
  );
}
