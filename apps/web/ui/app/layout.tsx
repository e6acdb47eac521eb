import type { ReactNode } from 'react';

export const metadata = { title: 'Quarry', description: 'Forensic analysis of Windows evidence' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', margin: '2rem', maxWidth: 1100 }}>{children}</body>
    </html>
  );
}
