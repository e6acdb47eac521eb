/**
 * Thread entry of SigmaDataPool: compiles the community set once (and again when its files
 * change), then scans inline test data. It says `start` once the rules are ready, so the caller's
 * time limit counts the scan only, never a (re)compilation of thousands of rules.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { communityRules, configureSigmaRules } from '../sigma/rule-cache.js';
import { sigmaDataScan } from './sigma-data-scan.js';
import { sigmaRuleLines } from './sigma-rule-lines.js';
import type { SigmaThreadReply, SigmaThreadRequest } from './sigma-data-protocol.js';

const port = parentPort!;
configureSigmaRules((workerData as { dirs: string[] }).dirs);

port.on('message', (req: SigmaThreadRequest) => {
  const reply = (r: SigmaThreadReply) => port.postMessage(r);
  try {
    if (req.type === 'warm') {
      const rules = communityRules();
      reply({ type: 'warmed', id: req.id, loaded: rules.loaded, refused: rules.refused, sets: rules.sets });
      return;
    }
    if (req.type === 'lines') {
      reply({ type: 'lines', id: req.id, ...sigmaRuleLines(communityRules(), req.names) });
      return;
    }
    const engine = req.rule === undefined ? communityRules().engine : undefined;
    reply({ type: 'start', id: req.id });
    reply({ type: 'done', id: req.id, outcome: sigmaDataScan(req.text, req.rule, () => engine!) });
  } catch (err) {
    reply({ type: 'failed', id: req.id, message: (err as Error).message });
  }
});
