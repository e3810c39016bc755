import { Outlet } from 'react-router-dom';
import { Header } from './shell/Header.tsx';
import { Sidebar } from './shell/Sidebar.tsx';

export function PublicLayout() {
  return (
    <>
      <Header />
      <Outlet />
    </>
  );
}

export function AppLayout() {
  return (
    <>
      <Header />
      <div className="app-layout">
        <Sidebar />
        <main className="app-main">
          <Outlet />
        </main>
      </div>
    </>
  );
}
