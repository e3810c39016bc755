import type { ReactNode } from 'react';
import { BrandMark } from '../app/shell/Brand.tsx';
import './centered-panel.css';

/** One calm card in the middle of the page, for invitation and password pages. */
export function CenteredPanel({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <main className="centered-page">
      <section className="card centered-panel" aria-labelledby="centered-panel-title">
        <BrandMark size={40} />
        <h1 id="centered-panel-title">{title}</h1>
        {lead && <p className="muted centered-lead">{lead}</p>}
        <div className="centered-body">{children}</div>
      </section>
    </main>
  );
}
