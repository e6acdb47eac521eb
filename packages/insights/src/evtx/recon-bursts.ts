/** Recon commands kept per user (the burst rule looks 10 minutes around each). */
const KEPT_PER_USER = 64;
const WINDOW_MS = 10 * 60 * 1000;

interface Seen {
  time: number;
  name: string;
  raise: () => void;
  raised: boolean;
}

/**
 * L4 C9: a recon command is Low, Medium when one user runs ≥ 3 distinct ones within 10 minutes.
 * Events may come out of time order, so each new command looks both ways; every member of a burst
 * is raised once (callbacks into its rows).
 */
export class ReconBursts {
  private byUser = new Map<string, Seen[]>();

  add(user: string, time: number, name: string, raise: () => void): void {
    let list = this.byUser.get(user);
    if (!list) this.byUser.set(user, (list = []));
    const me: Seen = { time, name, raise, raised: false };
    list.push(me);
    if (list.length > KEPT_PER_USER) list.shift();
    const near = list.filter((s) => Math.abs(s.time - time) <= WINDOW_MS);
    // Distinct names within one 10-minute window that holds this command.
    for (const anchor of near) {
      const inWindow = near.filter((s) => s.time >= anchor.time && s.time <= anchor.time + WINDOW_MS);
      if (new Set(inWindow.map((s) => s.name)).size >= 3 && inWindow.includes(me)) {
        for (const s of inWindow)
          if (!s.raised) {
            s.raised = true;
            s.raise();
          }
      }
    }
  }
}
