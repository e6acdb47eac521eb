/**
 * The stream task of SigmaThread, on the process's thread pool: holds the process's one compiled
 * community set (a SigmaRuleSet, compiled on first need and again when its files change) for as
 * long as the SigmaThread is open, and serves inline scans, rule lines and the process's own task
 * sent through `port`. It says `start` before a scan once the rules are ready, so the caller's time
 * limit counts the scan only, never a (re)compilation of thousands of rules.
 */
import type { MessagePort } from 'node:worker_threads';
import { SigmaRuleSet } from '../sigma/sigma-rule-set.js';
import { sigmaDataScan } from './sigma-data-scan.js';
import { sigmaRuleLines } from './sigma-rule-lines.js';
import { TASK_EXPORT, type SigmaThreadTask } from './sigma-thread-task.js';
import type { SigmaThreadReply, SigmaThreadRequest } from './sigma-thread-protocol.js';

export interface SigmaStreamInput {
  dirs: string[];
  /** file: URL of the process's task module, if any. */
  task: string | undefined;
  /** Requests come in here and replies go back; the task ends when either side closes it. */
  port: MessagePort;
}

export async function holdSigmaRules({ dirs, task: taskModule, port }: SigmaStreamInput): Promise<void> {
  const rules = new SigmaRuleSet(dirs);
  const task = taskModule === undefined ? undefined : ((await import(taskModule)) as Record<string, SigmaThreadTask>)[TASK_EXPORT];
  const reply = (r: SigmaThreadReply): void => port.postMessage(r);

  const serve = async (req: SigmaThreadRequest): Promise<void> => {
    try {
      if (req.type === 'warm') {
        const set = rules.current();
        reply({ type: 'warmed', id: req.id, loaded: set.loaded, refused: set.refused, sets: set.sets, compiles: rules.compiles });
      } else if (req.type === 'lines') {
        reply({ type: 'lines', id: req.id, ...sigmaRuleLines(rules.current(), req.names) });
      } else if (req.type === 'task') {
        if (!task) throw new Error(`no task module with an export ${TASK_EXPORT} was given to this Sigma thread`);
        reply({ type: 'task-done', id: req.id, output: await task(req.input, rules) });
      } else {
        const engine = req.rule === undefined ? rules.current().engine : undefined;
        reply({ type: 'start', id: req.id });
        reply({ type: 'done', id: req.id, outcome: sigmaDataScan(req.text, req.rule, () => engine!) });
      }
    } catch (err) {
      reply({ type: 'failed', id: req.id, message: (err as Error).message });
    }
  };

  return new Promise<void>((resolve) => {
    port.once('close', () => resolve());
    port.on('message', (req: SigmaThreadRequest) => void serve(req));
  });
}
