'use client';

import { useState } from 'react';

type FileRow = [string, string, string, string, string];
interface JobRow { id: string; job_name: string; status: string; creation_date: string; visibility: string; category: string }

/** A minimal analyst view over the REST API: the caller's files and jobs for a token. */
export function Dashboard() {
  const [token, setToken] = useState('');
  const [files, setFiles] = useState<FileRow[]>([]);
  const [jobs, setJobs] = useState<JobRow[]>([]);
  const [error, setError] = useState('');

  async function load() {
    setError('');
    const headers = { 'X-Service-Api-Token': token };
    const [f, j] = await Promise.all([fetch('/analysis/file/list', { headers }), fetch('/analysis/job/list', { headers })]);
    if (!f.ok || !j.ok) {
      setError(`Could not load: ${f.status} ${await f.text()}`);
      return;
    }
    setFiles(((await f.json()) as { files: FileRow[] }).files);
    setJobs(((await j.json()) as { jobs: JobRow[] }).jobs);
  }

  return (
    <section>
      <label>
        API token{' '}
        <input aria-label="API token" value={token} onChange={(e) => setToken(e.target.value)} size={40} />
      </label>{' '}
      <button onClick={() => void load()}>Load</button>
      {error && <p role="alert">{error}</p>}
      <h2>Files ({files.length})</h2>
      <table>
        <thead><tr><th>Name</th><th>Created</th><th>Visibility</th><th>Encryption</th><th>Id</th></tr></thead>
        <tbody>
          {files.map((f) => (
            <tr key={f[0]}><td>{f[1]}</td><td>{f[2]}</td><td>{f[3]}</td><td>{f[4]}</td><td><code>{f[0]}</code></td></tr>
          ))}
        </tbody>
      </table>
      <h2>Jobs ({jobs.length})</h2>
      <table>
        <thead><tr><th>Name</th><th>Category</th><th>Status</th><th>Created</th><th>Visibility</th></tr></thead>
        <tbody>
          {jobs.map((j) => (
            <tr key={j.id}><td>{j.job_name}</td><td>{j.category}</td><td>{j.status}</td><td>{j.creation_date}</td><td>{j.visibility}</td></tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
