import { defaultAvatarUri } from '../../components/avatar/defaultAvatar.ts';

/** A small, static family tree drawn with the app's own cards and default avatars. */
const PEOPLE = [
  { id: 'rose', name: 'Rose Whitfield', born: '1931', g: 'F', x: 40, y: 0 },
  { id: 'arthur', name: 'Arthur Whitfield', born: '1929', g: 'M', x: 250, y: 0 },
  { id: 'clara', name: 'Clara Okafor', born: '1958', g: 'F', x: 145, y: 150 },
  { id: 'sam', name: 'Sam Okafor', born: '1990', g: 'M', x: 40, y: 300 },
  { id: 'ivy', name: 'Ivy Okafor', born: '1994', g: 'F', x: 250, y: 300 },
] as const;

export function LandingIllustration() {
  return (
    <div className="landing-illustration" aria-hidden="true">
      <svg className="landing-lines" viewBox="0 0 420 390" preserveAspectRatio="none">
        <path d="M200 38 H250" strokeDasharray="6 5" className="spouse" />
        <path d="M225 38 C225 110 225 110 225 150" />
        <path d="M225 218 C225 260 120 260 120 300" />
        <path d="M225 218 C225 260 330 260 330 300" />
      </svg>
      {PEOPLE.map((p) => (
        <div key={p.id} className="mini-card" style={{ left: p.x, top: p.y }}>
          <img src={defaultAvatarUri(p.g, p.id)} width={40} height={40} alt="" className="avatar" />
          <div>
            <strong>{p.name}</strong>
            <span>Born {p.born}</span>
          </div>
        </div>
      ))}
    </div>
  );
}
