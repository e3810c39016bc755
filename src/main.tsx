import '@fontsource-variable/inter';
import '@fontsource-variable/fraunces';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StartupError } from './app/StartupError.tsx';

const root = createRoot(document.getElementById('root')!);

// The app is imported here rather than at the top so that a backend that cannot start (a
// Firebase build without its configuration, §8) or a part that fails to load shows its error
// on the page instead of leaving it blank.
try {
  const { App } = await import('./app/App.tsx');
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} catch (error) {
  console.error(error);
  root.render(<StartupError error={error} />);
}
