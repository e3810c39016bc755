import { Link } from 'react-router-dom';
import { TreeIcon } from '../../components/icons.tsx';

/** /app/tree. The canvas arrives with the engine; until then the route says what is coming. */
export default function TreeScreen() {
  return (
    <div className="page">
      <section className="card empty-state">
        <TreeIcon size={40} />
        <h1>Your family tree</h1>
        <p className="muted">The tree canvas is being set up for your account. Your profile is ready in the meantime.</p>
        <Link className="btn btn-secondary" to="/app/profile">
          View Profile
        </Link>
      </section>
    </div>
  );
}
