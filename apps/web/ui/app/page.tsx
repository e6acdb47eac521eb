import { Dashboard } from './dashboard';

export default function Home() {
  return (
    <main>
      <h1>Quarry</h1>
      <p>Upload Windows evidence, run analysis jobs and read their insights.</p>
      <Dashboard />
    </main>
  );
}
